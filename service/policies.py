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

import json
import logging
from collections.abc import Mapping
from datetime import UTC, datetime
from types import MappingProxyType

from domain import DomainError, Match, fold
from domain.table import TEAMS, check_team
from domain.tournament.chips import hand
from domain.tournament.decide import cancel, game_result, table_game_result
from domain.tournament.events import TournamentEvent
from domain.tournament.state import Fixture, Tournament
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
    event_types: tuple[str, ...] = (
        "match_confirmed",
        "consent_given",
        "match_cancelled",
        "dispute_settled",  # an annulled fixture game frees its fixture, as a cancelled one
        "hand_ended",
    )
    narrowed: Mapping[str, str] = MappingProxyType({"hand_ended": "fixture_id"})
    """Only a table of chips' session game counts its hands (G22): the runner's scout passes
    over the hands of games that play no fixture (`projections.base.Projection`)."""

    def __init__(self) -> None:
        self._fixture_games = _FixtureGames(self.narrowed["hand_ended"])

    def writing_to(self, suffix: str) -> TournamentPolicy:
        return self  # a policy is not rebuilt: what it did is in the log for good

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        for stored in events:
            if not await self._fixture_games.plays(connection, stored.stream_id):
                continue  # most games are nobody's fixture: their history is not read
            match = await _match(connection, stored.stream_id)
            if match.fixture_id is None or match.competition_id is None:
                continue
            await _act(connection, stored, match)


class _FixtureGames:
    """Whether a game plays a torneio's fixture (its first event names `key`, not null, as
    the scout reads it), from that event alone, which never changes: each game is asked of
    the log once while it is among the last `KEPT` games asked."""

    KEPT = 10_000

    def __init__(self, key: str) -> None:
        self.key = key
        self._known: dict[str, bool] = {}

    async def plays(self, connection: Connection, stream_id: str) -> bool:
        known = self._known.get(stream_id)
        if known is not None:
            return known
        data = await connection.fetchval(
            "SELECT data::text FROM events WHERE stream_id = $1 AND stream_version = 1",
            stream_id,
        )
        plays = data is not None and json.loads(data).get(self.key) is not None
        if data is not None:  # a game not there yet (never: its hand came after) is asked again
            if len(self._known) >= self.KEPT:
                del self._known[next(iter(self._known))]
            self._known[stream_id] = plays
        return plays


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
            decided = _decide(tournament, stored, match_id, match)
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
            idempotency_key=f"torneio:{_act_of(stored)}:{match_id}",
        )
        if outcome != "conflict":
            return
    raise RuntimeError(f"torneio {stream} kept changing: game {match_id} waits for a retry")


def _act_of(stored: StoredEvent) -> str:
    """What the policy does on this event, once per game: a game's result is recorded on
    its confirmation or on the consent that makes it count for all its players; a session
    game's hand, once per hand."""
    if stored.type == "hand_ended":
        return f"hand:{json.loads(stored.data)['number']}"
    return "match_cancelled" if stored.type in _VOIDING else "match_confirmed"


_VOIDING = ("match_cancelled", "dispute_settled")


def _decide(
    tournament: Tournament, stored: StoredEvent, match_id: str, match: Match
) -> list[TournamentEvent]:
    fixture_id = str(match.fixture_id)
    at = datetime.now(UTC)
    event_type = stored.type
    if event_type == "dispute_settled" and match.status != "annulled":
        return []  # upheld: its `MatchConfirmed` follows and records the result
    fixture = tournament.fixture(fixture_id)
    if fixture is not None and fixture.table is not None and event_type not in _VOIDING:
        if event_type == "hand_ended":
            return _session_hand(tournament, fixture, match_id, match, stored, at)
        if event_type == "match_confirmed" and _still_playing(fixture, match_id):
            return cancel(tournament, fixture_id, at)  # G50: the table plays on, a new session
        return []  # a session's end decides nothing: its hands did (G22)
    if event_type == "hand_ended":
        return []
    if event_type in _VOIDING:
        fixture = tournament.fixture(fixture_id)
        if fixture is None or fixture.match_id != match_id or fixture.status != "playing":
            return []
        return cancel(tournament, fixture_id, at)
    if len(match.counts_for) < len(match.seats):
        return []  # a game decides its fixture once it counts for all its players
    fixture = tournament.fixture(fixture_id)
    if fixture is not None and fixture.entrants:
        if not match.places:
            return []
        places = _places(tournament, fixture.entrants, match)
        abandoned = match.abandoned_by is not None
        return table_game_result(tournament, fixture_id, match_id, places, abandoned, at)
    if match.winner is None:
        return []
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


def _still_playing(fixture: Fixture, match_id: str) -> bool:
    return fixture.match_id == match_id and fixture.status == "playing"


def _places(tournament: Tournament, entrants: tuple[int, ...], match: Match) -> dict[int, int]:
    """Each entrant's place at its table, from the game's places (its sides are its seats):
    equal results share the better place."""
    entrant_of = {tournament.created.teams[e][0]: e for e in entrants}
    places: dict[int, int] = {}
    for group in match.places:
        better = len(places) + 1
        for side in group:
            places[entrant_of[match.seats[int(side)]]] = better
    return places


def _session_hand(
    tournament: Tournament,
    fixture: Fixture,
    match_id: str,
    match: Match,
    stored: StoredEvent,
    at: datetime,
) -> list[TournamentEvent]:
    """A hand of a table's session game, recorded at the table by the chips each player
    won or lost; a hand that did not start from the players' chips in the torneio (a stack
    topped up, a first deal with other stacks) is not recorded (G22)."""
    number = json.loads(stored.data)["number"]
    if fixture.match_id != match_id or fixture.status != "playing":
        return []  # a session already over: its game's later hands count for nothing
    if number > len(match.hands):
        return []  # annulled since
    ended = match.hands[number - 1]
    details = json.loads(ended.details) if ended.details else {}
    after = details.get("stacks")
    if after is None:
        return []
    net = {int(side): chips for side, chips in ended.gains().items()}
    entrant_of = {team[0]: n for n, team in enumerate(tournament.created.teams)}
    by_entrant: dict[int, int] = {}
    for seat, player in enumerate(match.seats):
        entrant = entrant_of[player]
        won = net.get(seat, 0)
        if after[seat] - won != tournament.chips[entrant]:
            log.warning("torneio: game %s, hand %s: not the players' chips", match_id, number)
            return []
        if won:
            by_entrant[entrant] = won
    assert fixture.table is not None
    return hand(tournament, fixture.table, by_entrant, at, match_id)


def all_policies() -> list[TournamentPolicy]:
    return [TournamentPolicy()]
