"""A game's history page by page (with its state at any event), and the global feed: the
events a reader may see, read from the replica when it has them."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.datastructures import State
from msgspec import Meta

from service.reads.history.events import EventOut, event_out, public_events
from service.reads.history.sight import sight
from service.reads.matches.state import MatchState, match_state, over_now, visible_seats
from service.store.event_store import EventStore, RecordedEvent
from service.store.matches import Matches, stream_of
from service.store.reads import Reads


class EventsPage(msgspec.Struct, frozen=True, kw_only=True):
    events: Annotated[list[EventOut], Meta(description="Events in order.")]
    next_after: Annotated[
        int | None,
        Meta(description=("Pass as `after` for the next page; null when this is the last page.")),
    ]
    state: Annotated[
        MatchState | None, Meta(description=("With `at=N`: the game's state after event N."))
    ] = None


async def read_match_events(
    state: State, match_id: str, viewer: str | None, after: int, limit: int, at: int | None
) -> EventsPage:
    """Up to `limit` events of the game after version `after` as `viewer` (an actor, None:
    anyone) may see them; with `at`, up to event `at` and the game's state then."""
    matches: Matches = state.matches
    current = await matches.latest(match_id)
    match_id = current.match_id  # as stored, whatever spelling was asked
    seen = visible_seats(current, viewer)
    own = frozenset(s for s, player in enumerate(current.state.seats) if player == viewer)
    last = min(at, current.version) if at is not None else current.version
    count = max(0, min(limit, last - after))
    stored = await _read_stream(state, match_id, after, count) if count else []
    events = [event_out(e, sight(current, e, seen, own)) for e in stored]
    end = stored[-1].version if stored else after
    then = None
    if at is not None:
        past = await matches.at_version(match_id, last)
        past_seen = visible_seats(past, viewer, revealed=over_now(past, current))
        then = match_state(match_id, past.version, past.state, past_seen)
    return EventsPage(events=events, next_after=end if end < last else None, state=then)


async def read_feed(state: State, after: int, limit: int) -> EventsPage:
    """Every stream's events after global position `after`, as anyone may see them."""
    reads: Reads = state.reads
    stored = await (await reads.store()).read_all(after, limit)
    events: list[EventOut] = await public_events(state.matches, stored)
    full = len(stored) == limit
    return EventsPage(events=events, next_after=stored[-1].position if full else None)


async def _read_stream(state: State, match_id: str, after: int, count: int) -> list[RecordedEvent]:
    """`count` events of the game after version `after`, from the replica when it has them
    all (the game's version comes from the primary), else from the primary."""
    reads: Reads = state.reads
    stored = await (await reads.store()).read_stream(stream_of(match_id), after, count)
    if len(stored) < count:  # the replica has not replayed them yet
        primary: EventStore = state.store
        stored = await primary.read_stream(stream_of(match_id), after, count)
    return stored
