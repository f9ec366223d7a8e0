"""Random legal games, decided by the domain: deals played move by move, results recorded
at once, penalties, annulments that reopen a finished game, abandonments, and confirmations
that come or do not. For the rebuild tests and bench/projections.py.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta

from domain import (
    ALL_TILES,
    INITIAL,
    Abandon,
    AnnulHand,
    Confirm,
    CreateMatch,
    DomainError,
    Event,
    Match,
    MatchCommand,
    Pass,
    PerTeam,
    PlayTile,
    RecordPenalty,
    RecordResult,
    Rules,
    StartHand,
    decide,
    evolve,
    legal_plays,
)
from domain.dominoes.rules import BatidaKind
from domain.table import Team, team_of
from service.store.encoding import new_event
from service.store.event_store import EventStore

PRESETS = ("pontos", "pontos", "cinquenta", "federacao")
KINDS: tuple[BatidaKind, ...] = ("simples", "carroca", "la-e-lo", "cruzada")


class RandomGame:
    """One game: `chunks()` yields the events of each command, in order."""

    def __init__(
        self,
        rng: random.Random,
        seats: Sequence[str],
        start: datetime,
        preset: str | None = None,
        competition_id: str | None = None,
        step_seconds: int = 9,
    ) -> None:
        self.rng = rng
        self.seats = list(seats)
        self.at = start
        self.preset = preset or rng.choice(PRESETS)
        self.competition_id = competition_id
        self.step = timedelta(seconds=step_seconds)
        self.state: Match = INITIAL

    def _run(self, command: MatchCommand) -> list[Event]:
        events = decide(command, self.state)
        for event in events:
            self.state = evolve(self.state, event)
        return events

    def _now(self) -> datetime:
        self.at += self.step
        return self.at

    def chunks(self) -> Iterator[list[Event]]:
        yield self._run(
            CreateMatch(
                at=self.at,
                preset=self.preset,
                seats=self.seats,
                actor=self.seats[0],
                competition_id=self.competition_id,
            )
        )
        reopened = False
        while True:
            if self.state.status == "finished":
                if reopened or self.state.abandoned_by or self.rng.random() > 0.1:
                    break
                reopened = True
                yield self._run(AnnulHand(at=self._now(), number=len(self.state.hands)))
                continue
            try:
                yield self._run(self._next())
            except DomainError:
                continue
        roll = self.rng.random()
        if roll < 0.85:  # the organizer's: it counts for the seats that joined, most of them
            members = tuple(s for s in range(4) if self.rng.random() < 0.85)
            yield self._run(Confirm(at=self._now(), by="organizer", actor="r", members=members))
            for seat in range(4):  # a player left out consents later, or not
                if seat not in self.state.counts_for and self.rng.random() < 0.5:
                    by: Team = team_of(seat)
                    yield self._run(Confirm(at=self._now(), by=by, actor=self.seats[seat]))
        elif roll < 0.93:
            yield self._run(Confirm(at=self._now(), by="A", actor=self.seats[0]))

    def _next(self) -> MatchCommand:
        rng, state, at = self.rng, self.state, self._now()
        roll = rng.random()
        if state.hand is None:
            if roll < 0.004:
                return Abandon(at=at, team=rng.choice(("A", "B")))
            if roll < 0.03 and state.hands:
                return AnnulHand(at=at, number=len(state.hands))
            if roll < 0.25:
                return self._result(at)
            return self._deal(at)
        seat = state.turn if state.turn is not None else 0
        if roll < 0.003:
            return RecordPenalty(at=at, seat=seat, kind="out-of-turn")
        if roll < 0.01:
            return RecordPenalty(at=at, seat=rng.randrange(4), kind="slow-play")
        plays = legal_plays(state)
        if not plays:
            return Pass(at=at, seat=seat)
        tile, end = rng.choice(plays)
        return PlayTile(at=at, seat=seat, tile=tile, end=end)

    def _deal(self, at: datetime) -> StartHand:
        rules = self.state.rules
        assert isinstance(rules, Rules)
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)
        n = rules.tiles_per_seat
        return StartHand(
            at=at, hands=[tiles[i * n : i * n + n] for i in range(4)], dorme=tiles[4 * n :]
        )

    def _result(self, at: datetime) -> RecordResult:
        rng = self.rng
        sums = PerTeam(rng.randrange(0, 40), rng.randrange(0, 40))
        if rng.random() < 0.7:
            return RecordResult(
                at=at, outcome="batida", seat=rng.randrange(4), kind=rng.choice(KINDS), sums=sums
            )
        return RecordResult(at=at, outcome="bloqueio", seat=rng.randrange(4), sums=sums)


async def write_games(
    store: EventStore,
    count: int,
    seed: int,
    players: Sequence[str],
    start: datetime,
    competitions: Sequence[str | None] = (None,),
) -> list[str]:
    """`count` random games, their commands interleaved (one round of appends at a time,
    sent together as concurrent requests are); answers the games' ids."""
    rng = random.Random(seed)
    games = {
        str(uuid.UUID(int=rng.getrandbits(128))): RandomGame(
            rng,
            rng.sample(list(players), 4),
            start + timedelta(hours=n),
            competition_id=rng.choice(list(competitions)),
        ).chunks()
        for n in range(count)
    }
    versions = dict.fromkeys(games, 0)
    while games:
        round_ = [(match_id, next(chunks, None)) for match_id, chunks in games.items()]
        for match_id, chunk in round_:
            if chunk is None:
                del games[match_id]
        written = [(m, c) for m, c in round_ if c is not None]
        await asyncio.gather(
            *(
                store.append(
                    f"match-{m}",
                    [new_event(e, {"actor": "referee"}) for e in c],
                    expected_version=versions[m],
                )
                for m, c in written
            )
        )
        for m, c in written:
            versions[m] += len(c)
    return list(versions)
