"""Infractions recorded by a referee or scorekeeper, and their consequence per rule set."""

from domain.board import can_play
from domain.commands import RecordPenalty
from domain.errors import IllegalMove, InvalidInput
from domain.events import Consequence, MatchEvent, Passed, PenaltyRecorded
from domain.finish import hand_ended, then_finish
from domain.guards import check_turn, hand_of
from domain.rules import Rules
from domain.state import Match
from domain.table import check_seat, other, team_of

FIXED: dict[str, Consequence] = {
    "wrong-tile-shown": "warning",
    "slow-play": "warning",
    "out-of-turn": "hand-lost",
    "tiles-shown": "hand-lost",
}


def consequence_of(kind: str, rules: Rules) -> Consequence:
    if kind == "irregular-pass":
        return rules.irregular_pass
    if kind not in FIXED:
        kinds = ", ".join(["irregular-pass", *FIXED])
        raise InvalidInput("invalid-penalty", f"unknown infraction {kind!r}: one of {kinds}")
    return FIXED[kind]


def record_penalty(command: RecordPenalty, state: Match, rules: Rules) -> list[MatchEvent]:
    """Warnings are only recorded; the rest cost a turn or the hand (D7, D8, D23)."""
    seat = check_seat(command.seat)
    consequence = consequence_of(command.kind, rules)
    if command.kind == "irregular-pass" and (consequence == "turn-lost" or state.hand):
        _check_irregular_pass(state, seat)
    noted = PenaltyRecorded(
        at=command.at, seat=seat, kind=command.kind, consequence=consequence, note=command.note
    )
    if consequence == "warning":
        return [noted]
    if consequence == "turn-lost":
        return [noted, Passed(at=command.at, seat=seat)]
    lost = hand_ended(
        state,
        outcome="penalty",
        winner=other(team_of(seat)),
        base=rules.penalty_points,
        by_seat=seat,
        at=command.at,
    )
    return then_finish(state, [noted, lost], command.at)


def _check_irregular_pass(state: Match, seat: int) -> None:
    """Only a pass in turn while holding a tile that fits is the infraction (D7)."""
    hand = hand_of(state)
    check_turn(state, seat)
    if hand.ends is None:
        raise IllegalMove("must-play", "the opener must lead: an opening cannot be passed")
    if not can_play(hand.hands[seat], hand.ends):
        raise IllegalMove(
            "not-an-infraction", f"seat {seat} holds no tile that fits: record a plain pass"
        )
