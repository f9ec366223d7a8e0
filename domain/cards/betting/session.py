"""A betting table session between its hands (P10, P11, P17): each seat's chips after the
last hand, the places by final stack, and the session's end: when one seat holds every
chip, or when it is closed between hands, at once by the scorekeeper or an organizer, or by
the seats together, each seat's player asking in turn (`ClosingAsked`, on record like a
confirmation) until every seat of the table has. A hand dealt or recorded in between, or
an annulment, puts the requests asked so far aside: they were asked on stacks that are no
longer the table's."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from msgspec.structs import replace

from domain.cards.betting.commands import CloseSession
from domain.cards.betting.events import ClosingAsked
from domain.errors import InvalidInput, WrongStatus
from domain.match.events import Event
from domain.match.finish import Places, left_last, match_finished
from domain.match.guards import CLOCK_SKEW, check_time, no_hand_in_progress
from domain.match.state import Match


def stacks_now(state: Match) -> tuple[int, ...] | None:
    """Each seat's chips between hands: after the last hand, or None before the first."""
    if not state.hands:
        return None
    details = state.hands[-1].details
    stacks = json.loads(details).get("stacks") if details else None
    return tuple(stacks) if stacks is not None else None


def over(state: Match) -> Places | None:
    """P17: the session is over when one seat has every chip."""
    stacks = stacks_now(state)
    if stacks is None or sum(1 for chips in stacks if chips > 0) > 1:
        return None
    return by_stack(state, stacks)


def by_stack(state: Match, stacks: Sequence[int]) -> Places:
    """Every seat by its final stack, the most first; equal stacks share a place (P17)."""
    sides = state.table.sides
    totals = sorted(set(stacks), reverse=True)
    return [[s for s in sides if stacks[int(s)] == chips] for chips in totals]


def abandoned(state: Match, side: str) -> Places:
    """C12: the seat that leaves last, the others by their stacks between hands (P17's
    order; a hand in progress is dropped, its chips back where they were); before any hand
    has ended, the others share a place."""
    stacks = stacks_now(state)
    standing = [list(state.table.sides)] if stacks is None else by_stack(state, stacks)
    return left_last(standing, side)


def seated(state: Match) -> tuple[int, ...]:
    """The seats whose players close the session together: every seat of the table (one
    with no chips left may still be topped up, P10: its player has a say too)."""
    return tuple(range(state.table.seats))


def close(command: CloseSession, state: Match) -> list[Event]:
    """P17: the session ends between hands, each seat placed by its final stack: at once
    (`seat` None: the scorekeeper or an organizer), or once every seat has asked."""
    no_hand_in_progress(state)
    stacks = stacks_now(state)
    if stacks is None:
        raise WrongStatus("nothing-to-close", "no hand was played: cancel the game instead")
    events: list[Event] = []
    if command.seat is not None:
        seat = state.table.check_seat(command.seat)
        if seat in state.closing:
            raise WrongStatus(
                "already-asked", f"seat {seat} has already asked to close the session"
            )
        events.append(ClosingAsked(at=command.at, seat=seat))
        if not set(seated(state)) <= {*state.closing, seat}:
            return events
    places = by_stack(state, stacks)
    winner = places[0][0] if len(places[0]) == 1 else None
    return [*events, match_finished(state, winner, _closed_at(command, state), places=places)]


def _closed_at(command: CloseSession, state: Match) -> datetime:
    """When the session closed: when said (D27, a score sheet typed in later; an import),
    never ahead of the service's clock nor before its last hand ended; else now."""
    if command.played_at is None:
        return command.at
    at = check_time(command.played_at)
    if at > command.at + CLOCK_SKEW:
        raise InvalidInput("invalid-time", f"played_at {at.isoformat()} is in the future")
    if at < state.hands[-1].ended_at:
        last = state.hands[-1].ended_at.isoformat()
        raise InvalidInput("invalid-time", f"the session closes after its last hand ({last})")
    return at


def asked(state: Match, event: ClosingAsked) -> Match:
    return replace(state, closing=tuple(sorted({*state.closing, event.seat})))
