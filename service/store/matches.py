"""The one place where I/O meets the domain: load a game, decide, append, remember.

A cache keeps the latest state of each game with its version, so posting a move does not
re-read and re-fold the stream. It stays honest through the store's expected-version check:
if another writer (or another instance) got there first, the append conflicts, the game is
reloaded and the command decided again against the fresh state.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

import msgspec

from domain import (
    INITIAL,
    Command,
    DomainError,
    Event,
    Match,
    decide,
    evolve,
)
from service.store.encoding import new_event
from service.store.errors import Busy, NotFound
from service.store.event_store import EventStore, RecordedEvent, VersionConflict
from service.store.registry import parse_id
from service.store.secrets import opened

CACHE_SIZE = 10_000
RETRIES = 5
AGAIN_AT_MOST = 50
_METADATA = msgspec.json.Decoder(dict[str, object])


class MatchRecord(msgspec.Struct, frozen=True):
    match_id: str
    version: int
    state: Match
    dealer: str | None = None
    """Who posted the current hand's deal (they may see every hand); None: dealt by the server."""
    dealt_at: int = 0
    """The version of the current hand's deal: its events from there on are in progress."""
    sealed: bool = True
    """The current hand's deal keeps its secrets apart from its hash (False: a deal stored
    before they were, whose hash covers them)."""
    erased: int = 0
    """How many of its texts were erased (their opening deleted): in its ETag, so a read
    cached before an erasure is not revalidated by its unchanged version."""


def stream_of(match_id: str) -> str:
    return f"match-{match_id}"


def apply(
    record: MatchRecord, event: Event, metadata: dict[str, object], sealed: bool = True
) -> MatchRecord:
    dealer, dealt_at, version = record.dealer, record.dealt_at, record.version + 1
    if event.starts_a_hand:
        dealer = str(metadata["actor"]) if metadata.get("deal") == "posted" else None
        dealt_at = version
    else:
        sealed = record.sealed
    state = evolve(record.state, event)
    return MatchRecord(record.match_id, version, state, dealer, dealt_at, sealed, record.erased)


def replay(
    match_id: str, events: Sequence[RecordedEvent], record: MatchRecord | None = None
) -> MatchRecord:
    record = record or MatchRecord(match_id, 0, INITIAL)
    for stored in events:
        event = opened(stored.data, stored.secret)
        metadata = _METADATA.decode(stored.metadata)
        record = apply(record, event, metadata, sealed=stored.secret is not None)
        if stored.texts is not None:
            gone = _erased_texts(stored.texts)
            if gone:
                record = msgspec.structs.replace(record, erased=record.erased + gone)
    return record


class _Texts(msgspec.Struct):
    salts: dict[str, str | None]


_TEXTS = msgspec.json.Decoder(_Texts)


def _erased_texts(texts: str) -> int:
    """How many texts of an event lost their opening (`text_openings`: a null salt)."""
    return sum(salt is None for salt in _TEXTS.decode(texts).salts.values())


class Matches:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._cache: OrderedDict[str, MatchRecord] = OrderedDict()
        self._epoch = 0
        """Moves at each `forget_all`: a game read before it is not cached after it."""

    def forget_all(self) -> None:
        """Every cached game dropped (an erasure replaced texts they hold)."""
        self._epoch += 1
        self._cache.clear()

    async def load(self, match_id: str, epoch: int | None = None) -> MatchRecord:
        match_id = parse_id(match_id, "match")
        record = self._cache.get(match_id)
        if record is None:
            record = await self.refresh(match_id, None, epoch)
        if record.version == 0:
            raise NotFound("match", match_id)
        return record

    async def latest(self, match_id: str) -> MatchRecord:
        """For reads: the cached game brought up to date, since another instance of the
        service may have written to it (one indexed query that usually finds nothing)."""
        epoch = self._epoch
        record = await self.load(match_id, epoch)
        return await self.refresh(record.match_id, record, epoch)

    async def refresh(
        self, match_id: str, record: MatchRecord | None, epoch: int | None = None
    ) -> MatchRecord:
        epoch = self._epoch if epoch is None else epoch
        after = record.version if record else 0
        events = await self.store.read_stream(stream_of(match_id), after_version=after)
        record = replay(match_id, events, record)
        if record.version:
            self._remember(record, epoch)
        return record

    async def at_version(self, match_id: str, version: int) -> MatchRecord:
        match_id = parse_id(match_id, "match")
        events = await self.store.read_stream(stream_of(match_id), limit=version)
        record = replay(match_id, events)
        if record.version == 0:
            raise NotFound("match", match_id)
        return record

    def keeps(self, record: MatchRecord) -> bool:
        """Whether this is the very record this instance keeps of its game: the one a write
        of its own just left, not an earlier version (a retry answered with the first
        request's)."""
        return self._cache.get(record.match_id) is record

    def _remember(self, record: MatchRecord, epoch: int) -> None:
        if epoch != self._epoch:
            return  # read before an erasure: it may hold texts erased since
        self._cache[record.match_id] = record
        self._cache.move_to_end(record.match_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def execute(
        self,
        match_id: str,
        command: Callable[[MatchRecord], Command],
        metadata: dict[str, object],
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        fingerprint: bytes | None = None,
        new: bool = False,
        again: Callable[[MatchRecord], bool] | None = None,
    ) -> MatchRecord:
        """Decide `command(record)` against the game and append what follows from it;
        with `again`, decide it anew after its events while `again` says so, and append
        them all at once (a void deal and the deal after it: one request, one answer)."""
        epoch = self._epoch
        match_id = parse_id(match_id, "match")  # as loaded: its stream is the canonical id's
        record = MatchRecord(match_id, 0, INITIAL) if new else await self.load(match_id, epoch)
        for _ in range(RETRIES):
            if expected_version is not None and expected_version != record.version:
                if not new:  # the cache may be behind: another instance may have written
                    record = await self.refresh(match_id, record, epoch)
                if expected_version != record.version:
                    if first := await self._first_answer(idempotency_key, fingerprint):
                        return first
                    raise VersionConflict(stream_of(match_id), expected_version, record.version)
            try:
                events = _decided(record, command, metadata, again)
            except DomainError:
                # The cache may be behind another instance's writes: refuse only what the
                # rules refuse on the game as it is now.
                fresh = record if new else await self.refresh(match_id, record, epoch)
                if fresh.version == record.version:
                    # Refused now, but perhaps because this very request (a retry with its
                    # key, on another instance) was recorded meanwhile: answer that instead.
                    if first := await self._first_answer(idempotency_key, fingerprint):
                        return first
                    raise
                record = fresh
                continue
            try:
                result = await self.store.append(
                    stream_of(match_id),
                    [new_event(e, metadata) for e in events],
                    expected_version=record.version,
                    idempotency_key=idempotency_key,
                    fingerprint=fingerprint,
                )
            except VersionConflict:
                record = await self.refresh(match_id, None if new else record, epoch)
                continue
            if result.replayed:  # the key's first request won (for a new game: another id)
                first_id = result.stream_id.removeprefix("match-")
                return await self.at_version(first_id, result.last_version)
            for event in events:
                record = apply(record, event, metadata)
            self._remember(record, epoch)
            return record
        if first := await self._first_answer(idempotency_key, fingerprint):
            return first
        raise Busy("game")

    async def _first_answer(self, key: str | None, fingerprint: bytes | None) -> MatchRecord | None:
        """The game as the first request with this key left it, if one was recorded."""
        if key is None or fingerprint is None:
            return None
        prior = await self.store.idempotent_result(key, fingerprint)
        if prior is None:
            return None
        return await self.at_version(prior.stream_id.removeprefix("match-"), prior.last_version)


def _decided(
    record: MatchRecord,
    command: Callable[[MatchRecord], Command],
    metadata: dict[str, object],
    again: Callable[[MatchRecord], bool] | None,
) -> list[Event]:
    events: list[Event] = []
    for _ in range(AGAIN_AT_MOST):
        new = decide(command(record), record.state)
        events += new
        if again is None:
            break
        for event in new:
            record = apply(record, event, metadata)
        if not again(record):
            break
    return events
