"""Infractions, as every game records them: a table of what each kind costs, and the
shared flow (a warning is noted; a hand lost ends it for the other team). Each game says
what its kinds cost and what a lost hand scores."""

from collections.abc import Callable, Mapping

from domain.errors import InvalidInput
from domain.match.commands import RecordPenalty
from domain.match.events import Consequence, Event, HandEnded, PenaltyRecorded
from domain.match.finish import then_finish
from domain.match.state import Match

LostHand = Callable[[RecordPenalty, Match], HandEnded]
"""The game's HandEnded for a hand its offender's team loses."""


def consequence_of(kind: str, table: Mapping[str, Consequence]) -> Consequence:
    if kind not in table:
        raise InvalidInput(
            "invalid-penalty",
            f"unknown infraction {kind!r} in this game: one of {', '.join(table)}",
        )
    return table[kind]


def noted(command: RecordPenalty, consequence: Consequence) -> PenaltyRecorded:
    return PenaltyRecorded(
        at=command.at,
        seat=command.seat,
        kind=command.kind,
        consequence=consequence,
        note=command.note,
    )


def record_penalty(
    command: RecordPenalty,
    state: Match,
    table: Mapping[str, Consequence],
    lost_hand: LostHand,
) -> list[Event]:
    """A warning is only recorded; an infraction that costs the hand ends it (D23)."""
    state.table.check_seat(command.seat)
    consequence = consequence_of(command.kind, table)
    if consequence == "warning":
        return [noted(command, consequence)]
    if consequence == "turn-lost":
        raise ValueError("a game whose infractions cost a turn records them itself")
    return then_finish(state, [noted(command, consequence), lost_hand(command, state)], command.at)
