"""History: a game's events (`/v1/matches/{id}/events`), the global feed (`/v1/events`) and
the hash-chain check, with the tiles of hands in progress hidden."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Annotated, Any

import msgspec
from litestar import Controller, get
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import QueryParameter
from msgspec import Meta

from service.http.access import access_of
from service.http.auth import Principal, provide_viewer
from service.http.schemas import MatchIdPath
from service.http.views import MatchState, match_state, over_now, visible_seats
from service.http.writes import competition_of
from service.store.event_store import EventStore, RecordedEvent
from service.store.matches import Matches, MatchRecord, stream_of
from service.store.reads import Reads

_OBJECT = msgspec.json.Decoder(dict[str, Any])
_HIDDEN_METADATA = ("idempotency_key",)


class EventOut(msgspec.Struct, frozen=True, kw_only=True):
    stream: Annotated[str, Meta(description="The stream: match-<id>, player-<id>, ...")]
    version: Annotated[int, Meta(description="Its number in the stream, from 1.")]
    position: Annotated[int, Meta(description="Its number in the global order, from 1.")]
    type: Annotated[str, Meta(description="The event type, e.g. tile_played.")]
    data: Annotated[dict[str, Any], Meta(description="The event's body.")]
    metadata: Annotated[dict[str, Any], Meta(description="Who sent it and when (client).")]
    recorded_at: Annotated[datetime, Meta(description="When the service stored it.")]
    hash: Annotated[str, Meta(description="Hex SHA-256 link of the stream's hash chain.")]


class EventsPage(msgspec.Struct, frozen=True, kw_only=True):
    events: Annotated[list[EventOut], Meta(description="Events in order.")]
    next_after: Annotated[
        int | None,
        Meta(description=("Pass as `after` for the next page; null when this is the last page.")),
    ]
    state: Annotated[
        MatchState | None, Meta(description=("With `at=N`: the game's state after event N."))
    ] = None


class Verification(msgspec.Struct, frozen=True, kw_only=True):
    match_id: Annotated[str, Meta(description="The game.")]
    version: Annotated[int, Meta(description="How many events were checked.")]
    valid: Annotated[bool, Meta(description="True when every link of the chain holds.")]
    first_bad_version: Annotated[int | None, Meta(description="The first broken link.")]


_DEALS = ("hand_started", "cards_dealt")
_SECRETS = (*_DEALS, "card_played")
"""The events that can hold what a seat has not shown: a deal, a card played face down."""


def _in_progress(record: MatchRecord, stored: RecordedEvent) -> bool:
    return record.state.hand is not None and stored.version >= record.dealt_at > 0


def event_out(
    stored: RecordedEvent, hidden: frozenset[int] | None = None, by_version: bool = True
) -> EventOut:
    data = _OBJECT.decode(stored.data)
    if hidden and stored.type in _DEALS:
        data["hands"] = [
            None if seat in hidden else tiles for seat, tiles in enumerate(data.get("hands", []))
        ]
        if "dorme" in data:
            data["dorme"] = None
    elif hidden and stored.type == "card_played" and data.get("covered"):
        data["card"] = None if data.get("seat") in hidden else data.get("card")
    metadata = {
        k: v for k, v in _OBJECT.decode(stored.metadata).items() if k not in _HIDDEN_METADATA
    }
    return EventOut(
        stream=stored.stream_id,
        version=stored.version,
        position=stored.position,
        type=stored.type,
        data=data,
        metadata=metadata,
        recorded_at=stored.recorded_at,
        hash=stored.hash,
    )


def _hidden_seats(
    record: MatchRecord, stored: RecordedEvent, seen: frozenset[int]
) -> frozenset[int] | None:
    if stored.type not in _SECRETS or not _in_progress(record, stored):
        return None
    return frozenset(range(4)) - seen


async def public_events(matches: Matches, stored: list[RecordedEvent]) -> list[EventOut]:
    """Events as anyone may see them: the deal of a hand in progress hidden. Each game with
    a secret in the page is brought up to date once, all of them at the same time."""
    games = list({e.stream_id for e in stored if e.type in _SECRETS})
    latest = await asyncio.gather(*(matches.latest(g.removeprefix("match-")) for g in games))
    records = dict(zip(games, latest, strict=True))
    return [
        event_out(
            event,
            _hidden_seats(records[event.stream_id], event, frozenset())
            if event.type in _SECRETS
            else None,
        )
        for event in stored
    ]


Limit = Annotated[int, QueryParameter(ge=1, le=1000, description="Page size.")]
After = Annotated[int, QueryParameter(ge=0, le=2**62, description="Start after this number.")]


class HistoryController(Controller):
    tags = ["history"]
    dependencies = {"viewer": Provide(provide_viewer)}

    @get(
        "/v1/matches/{match_id:str}/events",
        operation_id="getMatchEvents",
        summary="A game's full history, in order",
        description="Paginated by version. `at=N` also answers the state after event N.",
    )
    async def match_events(
        self,
        state: State,
        viewer: NamedDependency[Principal | None],
        match_id: MatchIdPath,
        after: After = 0,
        limit: Limit = 100,
        at: Annotated[
            int | None,
            QueryParameter(
                ge=1, le=2**31 - 1, description="Stop at event N and show the state then."
            ),
        ] = None,
    ) -> EventsPage:
        matches: Matches = state.matches
        current = await matches.latest(match_id)
        access = access_of(viewer, current.state, await competition_of(state, current))
        seen = visible_seats(current, viewer.actor if viewer else None, access.sees_all)
        last = min(at, current.version) if at is not None else current.version
        count = max(0, min(limit, last - after))
        stored = await _read_stream(state, match_id, after, count) if count else []
        events = [event_out(e, _hidden_seats(current, e, seen)) for e in stored]
        end = stored[-1].version if stored else after
        snapshot = None
        if at is not None:
            past = await matches.at_version(match_id, last)
            past_seen = visible_seats(
                past, viewer.actor if viewer else None, access.sees_all or over_now(past, current)
            )
            snapshot = match_state(match_id, past.version, past.state, past_seen)
        return EventsPage(events=events, next_after=end if end < last else None, state=snapshot)

    @get(
        "/v1/events",
        operation_id="getEvents",
        summary="The global feed, in order",
        description="Every event of every stream after a global position, for other services.",
    )
    async def feed(self, state: State, after: After = 0, limit: Limit = 100) -> EventsPage:
        reads: Reads = state.reads
        stored = await (await reads.store()).read_all(after, limit)
        events = await public_events(state.matches, stored)
        full = len(stored) == limit
        return EventsPage(events=events, next_after=stored[-1].position if full else None)

    @get(
        "/v1/matches/{match_id:str}/verify",
        operation_id="verifyMatch",
        summary="Check a game's hash chain",
    )
    async def verify(self, state: State, match_id: MatchIdPath) -> Verification:
        matches: Matches = state.matches
        record = await matches.load(match_id)
        store: EventStore = state.store
        bad = await store.verify_stream(stream_of(match_id))
        version = await store.stream_version(stream_of(match_id))
        return Verification(
            match_id=record.match_id, version=version, valid=bad is None, first_bad_version=bad
        )


async def _read_stream(state: State, match_id: str, after: int, count: int) -> list[RecordedEvent]:
    """`count` events of the game after version `after`, from the replica when it has them
    all (the game's version comes from the primary), else from the primary."""
    reads: Reads = state.reads
    stored = await (await reads.store()).read_stream(stream_of(match_id), after, count)
    if len(stored) < count:  # the replica has not replayed them yet
        primary: EventStore = state.store
        stored = await primary.read_stream(stream_of(match_id), after, count)
    return stored
