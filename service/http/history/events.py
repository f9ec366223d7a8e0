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

from domain import KEPT_TYPES, SECRET_TYPES, game_of
from service.http.auth import Principal, provide_viewer
from service.http.matches.schemas import MatchIdPath
from service.http.matches.views import MatchState, match_state, over_now, visible_seats
from service.store.event_store import EventStore, RecordedEvent
from service.store.matches import Matches, MatchRecord, stream_of
from service.store.reads import Reads
from service.store.secrets import Checked, check_shown, open_for

_OBJECT = msgspec.json.Decoder(dict[str, Any])
_HIDDEN_METADATA = ("idempotency_key",)


class EventOut(msgspec.Struct, frozen=True, kw_only=True):
    stream: Annotated[str, Meta(description="The stream: match-<id>, player-<id>, ...")]
    version: Annotated[int, Meta(description="Its number in the stream, from 1.")]
    position: Annotated[int, Meta(description="Its number in the global order, from 1.")]
    type: Annotated[str, Meta(description="The event type, e.g. tile_played.")]
    data: Annotated[
        dict[str, Any],
        Meta(
            description="The event's body. A secret (a hand, the dorme, a covered card) is "
            "null while hidden from the reader; its commitment is in `data.commitments`."
        ),
    ]
    salts: Annotated[
        dict[str, str] | None,
        Meta(
            description="The salt of each secret shown (by its path in `data`, e.g. "
            '"hands.2"): sha256(salt || canonical JSON of the value) is its commitment.'
        ),
    ] = None
    metadata: Annotated[dict[str, Any], Meta(description="Who sent it and when (client).")]
    recorded_at: Annotated[datetime, Meta(description="When the service stored it.")]
    hash: Annotated[
        str | None,
        Meta(
            description="Hex SHA-256 link of the stream's hash chain; null only while a hand "
            "dealt before secrets were kept apart (an older game) is in progress."
        ),
    ]


class EventsPage(msgspec.Struct, frozen=True, kw_only=True):
    events: Annotated[list[EventOut], Meta(description="Events in order.")]
    next_after: Annotated[
        int | None,
        Meta(description=("Pass as `after` for the next page; null when this is the last page.")),
    ]
    state: Annotated[
        MatchState | None, Meta(description=("With `at=N`: the game's state after event N."))
    ] = None


VERIFY_YOURSELF = (
    "Run scripts/verify_game.py <service URL> <match id> (Python's standard library only): "
    "it recomputes the hash chain from this game's public events and checks each revealed "
    "secret: sha256(salt || canonical JSON of the value) equals the commitment the event "
    "published before anyone saw a card."
)


class Verification(msgspec.Struct, frozen=True, kw_only=True):
    match_id: Annotated[str, Meta(description="The game.")]
    version: Annotated[int, Meta(description="How many events were checked.")]
    valid: Annotated[
        bool,
        Meta(
            description="True when every link of the chain holds and every revealed secret "
            "matches its commitment."
        ),
    ]
    first_bad_version: Annotated[int | None, Meta(description="The first broken link.")]
    secrets_matched: Annotated[
        int,
        Meta(
            description="Secrets revealed (hands, dorme, covered cards of ended hands) "
            "that match the commitment published when they were recorded."
        ),
    ] = 0
    secrets_hidden: Annotated[
        int, Meta(description="Secrets still hidden (a hand in progress): checked at its end.")
    ] = 0
    secrets_wrong: Annotated[
        list[str], Meta(description='Revealed secrets that do not match ("version: path").')
    ] = msgspec.field(default_factory=list)
    how: Annotated[str, Meta(description="How to check it all yourself.")] = VERIFY_YOURSELF


def _in_progress(record: MatchRecord, stored: RecordedEvent) -> bool:
    return record.state.hand is not None and stored.version >= record.dealt_at > 0


class Sight(msgspec.Struct, frozen=True):
    """What one reader sees of the events of a game's hand in progress."""

    seats: frozenset[int]
    """The seats whose secrets they see (`visible_seats`); all of them: the stock too."""
    table: int
    """How many seats the game has."""
    sealed: bool
    """The hand's deal keeps its secrets out of the hash chain (else its links are
    withheld from a reader who does not see it all)."""
    revealed: dict[int, frozenset[str]] | None = None
    """A hand that has ended whose secrets are kept (`Event.kept`): the cards it showed, by
    seat; the reader sees those, and their own seats' (`seats`), nothing else ever."""
    revealable: tuple[str, ...] = ()
    """The parts of the kept event a showdown may open, by the start of their path."""

    def shows(self, path: str, seat: int | None, value: object) -> bool:
        if seat is None:
            return self.revealed is None and len(self.seats) == self.table
        if seat in self.seats:
            return True
        if self.revealed is None or not path.startswith(self.revealable):
            return False
        shown = self.revealed.get(seat)
        return shown is not None and isinstance(value, str) and value in shown


def sight(
    record: MatchRecord,
    stored: RecordedEvent,
    seen: frozenset[int],
    own: frozenset[int] = frozenset(),
) -> Sight | None:
    """None: the event is public as it is (its hand has ended, or it is not in one). `own`:
    the reader's seats, who sees their own kept secrets of a hand that has ended."""
    if _in_progress(record, stored):
        return Sight(seen, len(record.state.seats), record.sealed)
    revealable = KEPT_TYPES.get(stored.type)
    if revealable is None:
        return None
    return Sight(own, len(record.state.seats), True, _revealed(record, stored), revealable)


def _revealed(record: MatchRecord, stored: RecordedEvent) -> dict[int, frozenset[str]]:
    """What the kept event's hand showed when it ended: found by the hand's number and its
    time (an annulled hand, whose number a later deal takes again, shows nothing)."""
    state = record.state
    rules = state.rules
    if rules is None:
        return {}
    reveal = game_of(rules).revealed
    data = _OBJECT.decode(stored.data)
    number, at = data.get("number"), _when(data.get("at"))
    if reveal is None or at is None:
        return {}
    for result in state.hands:
        if result.number == number and result.started_at <= at <= result.ended_at:
            return reveal(result)
    return {}


def _when(text: object) -> datetime | None:
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def event_out(stored: RecordedEvent, seen: Sight | None = None) -> EventOut:
    data: dict[str, Any]
    salts: dict[str, str] = {}
    hash_: str | None = stored.hash
    if stored.type in SECRET_TYPES:
        opened = open_for(stored.data, stored.secret, seen.shows if seen else _everything)
        data, salts = opened.data, opened.salts
    else:
        data = _OBJECT.decode(stored.data)
    if seen is not None and not seen.sealed and len(seen.seats) < seen.table:
        # A deal stored before secrets were kept apart: its hash, and every link after it
        # (each covers the one before), would let anyone test a guess of a hidden hand.
        hash_ = None
    metadata = {
        k: v for k, v in _OBJECT.decode(stored.metadata).items() if k not in _HIDDEN_METADATA
    }
    return EventOut(
        stream=stored.stream_id,
        version=stored.version,
        position=stored.position,
        type=stored.type,
        data=data,
        salts=salts or None,
        metadata=metadata,
        recorded_at=stored.recorded_at,
        hash=hash_,
    )


def _everything(_: str, __: int | None, ___: object) -> bool:
    return True


async def public_events(matches: Matches, stored: list[RecordedEvent]) -> list[EventOut]:
    """Events as anyone may see them: the secrets of a hand in progress hidden. Each game
    with an event of a hand in the page is brought up to date once, all at the same time."""
    games = list({e.stream_id for e in stored if e.stream_id.startswith("match-")})
    latest = await asyncio.gather(*(matches.latest(g.removeprefix("match-")) for g in games))
    records = dict(zip(games, latest, strict=True))
    nobody: frozenset[int] = frozenset()
    return [
        event_out(e, sight(records[e.stream_id], e, nobody) if e.stream_id in records else None)
        for e in stored
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
        actor = viewer.actor if viewer else None
        seen = visible_seats(current, actor)
        own = frozenset(s for s, player in enumerate(current.state.seats) if player == actor)
        last = min(at, current.version) if at is not None else current.version
        count = max(0, min(limit, last - after))
        stored = await _read_stream(state, match_id, after, count) if count else []
        events = [event_out(e, sight(current, e, seen, own)) for e in stored]
        end = stored[-1].version if stored else after
        snapshot = None
        if at is not None:
            past = await matches.at_version(match_id, last)
            past_seen = visible_seats(
                past, viewer.actor if viewer else None, revealed=over_now(past, current)
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
        store: EventStore = state.store
        bad = await store.verify_stream(stream_of(match_id))
        record = await matches.latest(match_id)
        version, checked = await commitments_checked(store, record)
        return Verification(
            match_id=record.match_id,
            version=version,
            valid=bad is None and not checked.wrong,
            first_bad_version=bad,
            secrets_matched=checked.matched,
            secrets_hidden=checked.hidden,
            secrets_wrong=list(checked.wrong),
        )


async def commitments_checked(store: EventStore, record: MatchRecord) -> tuple[int, Checked]:
    """How many events the game has, and every secret they reveal to anyone checked
    against its commitment (the secrets of a hand in progress are counted hidden)."""
    stored = await store.read_stream(stream_of(record.match_id))
    shown = [event_out(e, sight(record, e, frozenset())) for e in stored]
    return len(stored), check_shown([(e.version, e.data, e.salts or {}) for e in shown])


async def _read_stream(state: State, match_id: str, after: int, count: int) -> list[RecordedEvent]:
    """`count` events of the game after version `after`, from the replica when it has them
    all (the game's version comes from the primary), else from the primary."""
    reads: Reads = state.reads
    stored = await (await reads.store()).read_stream(stream_of(match_id), after, count)
    if len(stored) < count:  # the replica has not replayed them yet
        primary: EventStore = state.store
        stored = await primary.read_stream(stream_of(match_id), after, count)
    return stored
