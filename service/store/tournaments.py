"""Torneios run by the service: each folded from its stream (`competition-<id>`: its
`CompetitionCreated`, then the torneio's own events), decided, appended with the version
it was read at."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.competitions import REGISTRY_DECODER, CompetitionCreated
from domain.tournament.events import TOURNAMENT_DECODER, TournamentEvent
from domain.tournament.state import Fixture, Tournament, fold, started
from service.store.encoding import new_event
from service.store.errors import Busy, NotFound, Refused
from service.store.event_store import EventStore, VersionConflict
from service.store.matches import stream_of as match_stream
from service.store.registry import parse_id

RETRIES = 5


def stream_of(competition_id: str) -> str:
    return f"competition-{competition_id}"


def tournament_of(data: Sequence[str | bytes]) -> Tournament | None:
    """The torneio from its stream's events (JSON), or None when the service does not run
    this competition (an amistoso, or a torneio that only labels its games)."""
    if not data:
        return None
    created = REGISTRY_DECODER.decode(data[0])
    if not isinstance(created, CompetitionCreated) or created.format is None:
        return None
    return fold(started(created), [TOURNAMENT_DECODER.decode(d) for d in data[1:]])


class Tournaments:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    async def load(self, competition_id: str, upto: int | None = None) -> tuple[Tournament, int]:
        """The torneio (as it was at version `upto`, if given) and its stream's version; 404
        when there is none, 409 when this competition is not run by the service."""
        competition_id = parse_id(competition_id, "competition")
        events = await self.store.read_stream(stream_of(competition_id))
        events = events if upto is None else events[:upto]
        if not events:
            raise NotFound("competition", competition_id)
        tournament = tournament_of([e.data for e in events])
        if tournament is None:
            raise Refused(
                "not-a-run-torneio",
                "this competition has no format: the service does not run its fixtures",
            )
        return tournament, len(events)

    async def never_created(self, fixture: Fixture | None) -> str | None:
        """The game a "playing" fixture names when that game has not a single event (its
        creation failed after it took the fixture): `attach` and `walkover` free such a
        fixture once it lapses (`domain.tournament.reservations.RESERVATION_LAPSES`)."""
        if fixture is None or fixture.status != "playing" or fixture.match_id is None:
            return None
        if await self.store.stream_version(match_stream(fixture.match_id)):
            return None
        return fixture.match_id

    async def execute(
        self,
        competition_id: str,
        decide: Callable[[Tournament], list[TournamentEvent]],
        metadata: dict[str, object],
        idempotency_key: str | None = None,
        fingerprint: bytes | None = None,
    ) -> Tournament:
        """Decide against the torneio as it is, append, and answer it after; decided again
        when another writer got there first. A retry of a write with an idempotency key
        (the same request) appends nothing and answers the torneio as the first left it."""
        for _ in range(RETRIES):
            tournament, version = await self.load(competition_id)
            if idempotency_key is not None and fingerprint is not None:
                first = await self.store.idempotent_result(idempotency_key, fingerprint)
                if first is not None:
                    return (await self.load(competition_id, first.last_version))[0]
            events = decide(tournament)
            if not events:
                return tournament
            try:
                result = await self.store.append(
                    stream_of(parse_id(competition_id, "competition")),
                    [new_event(e, metadata) for e in events],
                    expected_version=version,
                    idempotency_key=idempotency_key,
                    fingerprint=fingerprint,
                )
            except VersionConflict:
                continue
            if result.replayed:  # the first attempt, in flight meanwhile, was written
                return (await self.load(competition_id, result.last_version))[0]
            return fold(tournament, events)
        raise Busy("torneio")
