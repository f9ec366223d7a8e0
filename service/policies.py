"""Policies: what the service does by itself when something happens. One so far: a torneio
run by the service follows its confirmed games.

When a game of a fixture is confirmed and counts for all four of its players (each
consented: design.md, "Who may make a game count"), the torneio records the fixture's
result, and once its round is complete pairs the next round or opens the next stage,
until a champion (`domain.tournament.decide`); a game confirmed without some player's
consent waits for it. When such a game is cancelled, its fixture is free again.

Exactly once: the policy runs as a projection does (projections/runner.py: a lease per
name, so one instance acts; batches after a checkpoint), and appends to the torneio's
stream on the same connection, in the same transaction that moves its checkpoint. A kill
between the game's confirmation and the policy's write leaves neither: the next runner
does it. The appends also carry an idempotency key per game, and the torneio refuses a
decided fixture, so even a replayed batch changes nothing. It is never rebuilt.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from domain import DomainError, Match, fold
from domain.table import TEAMS, check_team
from domain.tournament.decide import cancel, game_result
from domain.tournament.events import TournamentEvent
from domain.tournament.state import Tournament
from projections.base import Connection, StoredEvent
from service.store.encoding import new_event
from service.store.event_store import OPENED_DATA
from service.store.secrets import opened
from service.store.tournaments import stream_of, tournament_of
from service.store.within import append_within

log = logging.getLogger("domino.policies")
ATTEMPTS = 5


class TournamentPolicy:
    name = "tournaments"
    tables: tuple[str, ...] = ()
    event_types: tuple[str, ...] = ("match_confirmed", "consent_given", "match_cancelled")

    def writing_to(self, suffix: str) -> TournamentPolicy:
        return self  # a policy is not rebuilt: what it did is in the log for good

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        for stored in events:
            match = await _match(connection, stored.stream_id)
            if match.fixture_id is None or match.competition_id is None:
                continue
            await _act(connection, stored, match)


async def _match(connection: Connection, stream_id: str) -> Match:
    rows = await connection.fetch(
        f"SELECT {OPENED_DATA}, secret::text FROM events WHERE stream_id = $1"
        " ORDER BY stream_version",
        stream_id,
    )
    return fold(opened(row[0], row[1]) for row in rows)


async def _act(connection: Connection, stored: StoredEvent, match: Match) -> None:
    match_id = stored.stream_id.removeprefix("match-")
    stream = stream_of(str(match.competition_id))
    for _ in range(ATTEMPTS):
        rows = await connection.fetch(
            f"SELECT {OPENED_DATA} FROM events WHERE stream_id = $1 ORDER BY stream_version",
            stream,
        )
        tournament = tournament_of([row[0] for row in rows])
        if tournament is None:
            return
        try:
            decided = _decide(tournament, stored.type, match_id, match)
        except DomainError as refused:  # decided by a walkover meanwhile, detached, ...
            log.info("torneio %s: game %s changes nothing: %s", stream, match_id, refused)
            return
        if not decided:
            return
        outcome = await append_within(
            connection,
            stream,
            [new_event(e, {"actor": "torneio", "match_id": match_id}) for e in decided],
            expected_version=len(rows),
            idempotency_key=f"torneio:{_act_of(stored.type)}:{match_id}",
        )
        if outcome != "conflict":
            return
    raise RuntimeError(f"torneio {stream} kept changing: game {match_id} waits for a retry")


def _act_of(event_type: str) -> str:
    """What the policy does on this event, once per game: a game's result is recorded on
    its confirmation or on the consent that makes it count for all its players."""
    return "match_cancelled" if event_type == "match_cancelled" else "match_confirmed"


def _decide(
    tournament: Tournament, event_type: str, match_id: str, match: Match
) -> list[TournamentEvent]:
    fixture_id = str(match.fixture_id)
    at = datetime.now(UTC)
    if event_type == "match_cancelled":
        fixture = tournament.fixture(fixture_id)
        if fixture is None or fixture.match_id != match_id or fixture.status != "playing":
            return []
        return cancel(tournament, fixture_id, at)
    if match.winner is None or len(match.counts_for) < len(match.seats):
        return []  # a game decides its fixture once it counts for all four players
    hands = tuple(sum(1 for h in match.hands if h.winner == t) for t in TEAMS)
    return game_result(
        tournament,
        fixture_id,
        match_id,
        check_team(match.winner),  # a torneio's games are played by its pairs
        (hands[0], hands[1]),
        (match.score.get("A", 0), match.score.get("B", 0)),
        match.abandoned_by is not None,
        at,
    )


def all_policies() -> list[TournamentPolicy]:
    return [TournamentPolicy()]
