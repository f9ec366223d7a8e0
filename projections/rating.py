"""`ratings`: a partnership rating beside the seed's ranking (which stays the ranking).

OpenSkill's Plackett-Luce model (Weng and Lin, 2011; the `openskill` package), with its
default parameters: a new player is mu 25, sigma 25/3; beta 25/6; tau 25/300 of sigma added
before each game, so a rating never freezes. It is team-native: the two partners' ratings
add up to their team's, and each moves in proportion to its own uncertainty. Plackett-Luce
rather than Bradley-Terry: for two teams they agree (one pairwise comparison), and
Plackett-Luce is the package's own default and the one a ranking of more teams would need.

One update per confirmed game (`MatchConfirmed`: only a confirmed result is final), per game
(dominoes for its three rule sets, sueca, truco): a Sueca game never moves a dominoes
rating. The winner is the last `MatchFinished`'s (an abandoning team loses); a game
cancelled before its confirmation never counts. The games being played are followed in
`proj_rating_games` until they are confirmed or cancelled.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

import msgspec
from openskill.models import PlackettLuce

from domain import (
    DECODER,
    ConsentGiven,
    Event,
    MatchCancelled,
    MatchConfirmed,
    MatchCreated,
    MatchFinished,
    MatchReopened,
    game_of,
)
from domain.disputes.events import DisputeSettled
from domain.games import BY_NAME
from projections.base import NOT_NARROWED, Connection, StoredEvent
from projections.rating_disputes import take_back

log = logging.getLogger("domino.projections")

MODEL = PlackettLuce()
PROVISIONAL_SIGMA = 7.0
"""A rating is provisional while sigma is above this: about the first ten games from 25/3.

A partnership game moves each player by their share of the team's variance, so sigma falls
slowly: between the same four, alternating wins, it is 7.6 after 5 games, 6.97 after 10,
6.0 after 19 (tests/projections/test_rating.py's update). Ten games is a fair first look."""
LEADERBOARD_GAMES = 5
"""A player enters a game's leaderboard after this many confirmed games of it (and, unless
the provisional are asked for, once their rating is no longer provisional)..."""
LEADERBOARD_DAYS = 90
"""...and stays on it while their last game of it is this recent (a season: a player who
stopped playing keeps their rating but leaves the board until they play again)."""


@dataclass
class Rating:
    mu: float
    sigma: float
    games: int
    last_game_at: datetime | None


_MOVES = msgspec.json.Decoder(dict[str, tuple[float, float]])
_ENCODE = msgspec.json.encode


class Counting(NamedTuple):
    """Where a game starts to count for some seats: its confirmation, or a later consent."""

    match_id: str
    position: int
    at: datetime


@dataclass
class Followed:
    game: str
    seats: list[str]
    winner: str | None = None
    ended_at: datetime | None = None
    counted: list[int] | None = None
    """Once confirmed: the seats it counted for so far (followed until all four did)."""
    moves: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Once confirmed: how the game moves each seat that has not consented yet, as the model
    said at the confirmation ((change of mu, ratio of sigma), by seat number as text), to
    apply when that player consents: the same update as the others', whenever it comes."""
    places: list[list[str]] | None = None
    """Once finished: its sides, best first (a tie shares a place)."""


class Ratings:
    event_types: tuple[str, ...] = (
        "match_created",
        "match_finished",
        "match_reopened",
        "match_cancelled",
        "match_confirmed",
        "consent_given",
        "match_disputed",
        "dispute_settled",
    )
    narrowed: Mapping[str, str] = NOT_NARROWED

    def __init__(self, suffix: str = "") -> None:
        self.suffix = suffix
        self.name = f"ratings{suffix}"
        self.tables: tuple[str, ...] = ("proj_ratings", "proj_rating_history", "proj_rating_games")
        self._ratings, self._history, self._games = (f"{t}{suffix}" for t in self.tables)

    def writing_to(self, suffix: str) -> Ratings:
        return Ratings(suffix)

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        """A dispute ends a part of the batch: what came before is saved, then the disputed
        game's move is taken back (`projections.rating_disputes`), then the rest."""
        start = 0
        for at, stored in enumerate(events):
            if stored.type == "match_disputed":
                await self._apply(connection, events[start:at])
                match_id = stored.stream_id.removeprefix("match-")
                tables = (self._ratings, self._history, self._games)
                await take_back(connection, tables, match_id, (MODEL.mu, MODEL.sigma))
                start = at + 1
        await self._apply(connection, events[start:])

    async def _apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        decoded = []
        for stored in events:
            try:
                decoded.append((stored, DECODER.decode(stored.data)))
            except msgspec.DecodeError:
                log.warning("ratings: event %s does not decode: skipped", stored.position)
        ids = list({stored.stream_id.removeprefix("match-") for stored, _ in decoded})
        followed = await self._followed(connection, ids)
        stored_ratings = await self._stored(connection, followed, decoded)
        ended: set[str] = set()
        history: list[tuple[object, ...]] = []
        ratings: dict[tuple[str, str], Rating] = {}
        for stored, event in decoded:
            match_id = stored.stream_id.removeprefix("match-")
            if isinstance(event, MatchCreated):
                followed[match_id] = Followed(game_of(event.rules).name, list(event.seats))
                continue
            game = followed.get(match_id)
            if game is None:
                continue
            if isinstance(event, MatchFinished):
                game.winner, game.ended_at = event.winner, event.at
                game.places = event.places or _two_places(game, event.winner)
            elif isinstance(event, MatchReopened):
                game.winner, game.ended_at, game.places = None, None, None
            elif isinstance(event, MatchCancelled) or (
                isinstance(event, DisputeSettled) and event.decision == "annul"
            ):
                del followed[match_id]
                ended.add(match_id)
            elif isinstance(event, MatchConfirmed) and game.places is not None:
                everyone = range(len(game.seats))
                seats = list(everyone) if event.counts_for is None else list(event.counts_for)
                _load(stored_ratings, ratings, game)
                game.counted, game.moves = [], moves_of(ratings, game)
                counting = Counting(match_id, stored.position, event.at)
                history += self._count(ratings, game, seats, counting)
            elif isinstance(event, ConsentGiven) and game.counted is not None:
                seats = [s for s in event.seats if s not in game.counted]
                _load(stored_ratings, ratings, game)
                counting = Counting(match_id, stored.position, event.at)
                history += self._count(ratings, game, seats, counting)
            if game.counted is not None and len(game.counted) == len(game.seats):
                del followed[match_id]
                ended.add(match_id)
        await self._save(connection, followed, ended, ratings, history)

    def _count(
        self,
        ratings: dict[tuple[str, str], Rating],
        game: Followed,
        seats: list[int],
        counting: Counting,
    ) -> list[tuple[object, ...]]:
        """The game counts for these seats from this event on: their ratings move by the
        game's moves, computed at its confirmation."""
        assert game.counted is not None
        game.counted = sorted([*game.counted, *seats])
        match_id, position, at = counting
        rows: list[tuple[object, ...]] = []
        for seat in seats:
            player = game.seats[seat]
            change, ratio = game.moves.pop(str(seat))
            before = ratings[(player, game.game)]
            ended = game.ended_at or at
            last = ended if before.last_game_at is None else max(before.last_game_at, ended)
            after = Rating(before.mu + change, before.sigma * ratio, before.games + 1, last)
            ratings[(player, game.game)] = after
            won = bool(game.places) and _side_of(game, seat) in (game.places or [[]])[0]
            rows.append(
                (
                    player,
                    game.game,
                    position,
                    match_id,
                    ended,  # the history's point is this game's; the rating's, the latest's
                    won,
                    after.mu,
                    after.sigma,
                    after.games,
                )
            )
        return rows

    async def _followed(self, connection: Connection, ids: list[str]) -> dict[str, Followed]:
        rows = await connection.fetch(
            f"SELECT match_id, game, seats, winner, ended_at, counted, moves::text,"
            f" places::text"
            f" FROM {self._games} WHERE match_id = ANY($1::text[])",
            ids,
        )
        return {
            r[0]: Followed(
                r[1],
                list(r[2]),
                r[3],
                r[4],
                None if r[5] is None else list(r[5]),
                _MOVES.decode(r[6]) if r[6] else {},
                _PLACES.decode(r[7]) if r[7] else _old_places(list(r[2]), r[3], r[1]),
            )
            for r in rows
        }

    async def _stored(
        self,
        connection: Connection,
        followed: dict[str, Followed],
        decoded: list[tuple[StoredEvent, Event]],
    ) -> dict[tuple[str, str], Rating]:
        """The ratings, as stored before this batch, of every player of a game the batch may
        count (one followed already, or created in it): one query, not one per game."""
        wanted = {(p, g.game) for g in followed.values() for p in g.seats}
        for _, event in decoded:
            if isinstance(event, MatchCreated):
                wanted.update((p, game_of(event.rules).name) for p in event.seats)
        if not wanted:
            return {}
        pairs = list(wanted)
        rows = await connection.fetch(
            f"SELECT player_id, game, mu, sigma, games, last_game_at FROM {self._ratings}"
            " WHERE (player_id, game) IN (SELECT * FROM unnest($1::text[], $2::text[]))",
            [p for p, _ in pairs],
            [g for _, g in pairs],
        )
        return {(r[0], r[1]): Rating(r[2], r[3], r[4], r[5]) for r in rows}

    async def _save(
        self,
        connection: Connection,
        followed: dict[str, Followed],
        ended: set[str],
        ratings: dict[tuple[str, str], Rating],
        history: list[tuple[object, ...]],
    ) -> None:
        if ended:
            await connection.execute(
                f"DELETE FROM {self._games} WHERE match_id = ANY($1::text[])", list(ended)
            )
        if followed:
            rows = [
                (
                    m,
                    g.game,
                    g.seats,
                    g.winner,
                    g.ended_at,
                    g.counted,
                    _ENCODE(g.moves).decode(),
                    None if g.places is None else _ENCODE(g.places).decode(),
                )
                for m, g in followed.items()
            ]
            await connection.executemany(
                f"INSERT INTO {self._games}"
                " (match_id, game, seats, winner, ended_at, counted, moves, places)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)"
                " ON CONFLICT (match_id) DO UPDATE SET"
                " winner = excluded.winner, ended_at = excluded.ended_at,"
                " places = excluded.places,"
                " counted = excluded.counted, moves = excluded.moves",
                rows,
            )
        if ratings:
            changed = [
                (p, g, r.mu, r.sigma, r.games, r.last_game_at)
                for (p, g), r in ratings.items()
                if r.games
            ]
            if changed:
                await connection.execute(
                    f"INSERT INTO {self._ratings}"
                    " (player_id, game, mu, sigma, games, last_game_at)"
                    " SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[],"
                    " $5::int[], $6::timestamptz[])"
                    " ON CONFLICT (player_id, game) DO UPDATE SET"
                    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                    " last_game_at = excluded.last_game_at",
                    *(list(column) for column in zip(*changed, strict=True)),
                )
        if history:
            await connection.execute(
                f"INSERT INTO {self._history}"
                " (player_id, game, position, match_id, at, won, mu, sigma, games)"
                " SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[],"
                " $5::timestamptz[], $6::boolean[], $7::float8[], $8::float8[], $9::int[])"
                " ON CONFLICT DO NOTHING",
                *(list(column) for column in zip(*history, strict=True)),
            )


def _load(
    stored: dict[tuple[str, str], Rating],
    ratings: dict[tuple[str, str], Rating],
    game: Followed,
) -> None:
    """The game's players' ratings into `ratings`, where missing: as stored before the
    batch, or a new player's."""
    for player in game.seats:
        if (player, game.game) not in ratings:
            ratings[(player, game.game)] = stored.get(
                (player, game.game), Rating(MODEL.mu, MODEL.sigma, 0, None)
            )


def moves_of(
    ratings: dict[tuple[str, str], Rating], game: Followed
) -> dict[str, tuple[float, float]]:
    """How one game moves each of its players, by the model, from their ratings now:
    (change of mu, ratio of sigma), by seat number as text."""
    places = game.places or _two_places(game, game.winner)
    order = [(side, rank) for rank, tied in enumerate(places) for side in tied]
    teams = {side: _seats_of(game, side) for side, _ in order}
    current = [[ratings[(game.seats[s], game.game)] for s in teams[t]] for t, _ in order]
    rated = MODEL.rate(
        [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in current],
        ranks=[float(rank) for _, rank in order],
    )
    moves: dict[str, tuple[float, float]] = {}
    for (team, _), before_team, after_team in zip(order, current, rated, strict=True):
        for seat, before, after in zip(teams[team], before_team, after_team, strict=True):
            moves[str(seat)] = (after.mu - before.mu, after.sigma / before.sigma)
    return moves


_PLACES = msgspec.json.Decoder(list[list[str]])


def _partnerships(game: Followed) -> bool:
    return BY_NAME[game.game].table_for(len(game.seats)).partnerships


def _side_of(game: Followed, seat: int) -> str:
    return ("A" if seat % 2 == 0 else "B") if _partnerships(game) else str(seat)


def _seats_of(game: Followed, side: str) -> list[int]:
    return [s for s in range(len(game.seats)) if _side_of(game, s) == side]


def _two_places(game: Followed, winner: str | None) -> list[list[str]]:
    """The places of a game finished before they were kept: the winner, then the other."""
    sides = sorted({_side_of(game, s) for s in range(len(game.seats))})
    others = [s for s in sides if s != winner]
    return [[winner], others] if winner is not None else [others]


def _old_places(seats: list[str], winner: str | None, game: str) -> list[list[str]] | None:
    """A game followed before 0013 kept only its winner."""
    if winner is None:
        return None
    return _two_places(Followed(game, seats), winner)
