"""A disputed game leaves the ratings (G34): its own move is taken back from each player it
counted for, as the model computed it (their rating before and after it, from the history),
and the game is followed again until a ruling confirms it (a new move, from the ratings
then) or annuls it. The moves of games counted after it stay as they were computed: a
rating is a running estimate, not a replay."""

from __future__ import annotations

import msgspec

from domain import DECODER, GameRules, MatchCreated, MatchFinished, game_of
from projections.base import Connection
from projections.batches import OPENED

_UNDO = """
WITH gone AS (
    DELETE FROM {history} h WHERE match_id = $1
    RETURNING player_id, game, position, mu, sigma),
moves AS (
    SELECT g.player_id, g.game, g.mu - coalesce(b.mu, $2) AS change,
           g.sigma / coalesce(b.sigma, $3) AS ratio
      FROM gone g LEFT JOIN LATERAL (
          SELECT mu, sigma FROM {history} p
           WHERE p.player_id = g.player_id AND p.game = g.game AND p.position < g.position
           ORDER BY p.position DESC LIMIT 1) b ON true)
UPDATE {ratings} r SET mu = r.mu - m.change, sigma = r.sigma / m.ratio, games = r.games - 1,
       last_game_at = coalesce((
           SELECT max(p.at) FROM {history} p
            WHERE p.player_id = r.player_id AND p.game = r.game AND p.match_id <> $1),
           r.last_game_at)
  FROM moves m WHERE r.player_id = m.player_id AND r.game = m.game
RETURNING r.player_id, r.game, r.games
"""
_UNRATED = (
    "DELETE FROM {ratings} WHERE games = 0"
    " AND (player_id, game) IN (SELECT * FROM unnest($1::text[], $2::text[]))"
)
"""A player whose only game of that game no longer counts has no rating there, as before it
(the take-back gave back the model's first estimate): not one of 0 games that kept the
disputed game's end as its last."""
_STREAM = (
    f"SELECT {OPENED} FROM events WHERE stream_id = $1"
    " AND event_type IN ('match_created', 'match_finished') ORDER BY stream_version"
)
"""The game's creation with its texts put back (a note kept apart, or erased, is null in
the stored body, which the creation's type does not take)."""
_FOLLOW = (
    "INSERT INTO {games} (match_id, game, seats, winner, ended_at, counted, moves, places)"
    " VALUES ($1, $2, $3, $4, $5, NULL, '{{}}'::jsonb, $6::jsonb)"
    " ON CONFLICT (match_id) DO UPDATE SET counted = NULL, moves = '{{}}'::jsonb"
)


async def take_back(
    connection: Connection,
    tables: tuple[str, str, str],
    match_id: str,
    initial: tuple[float, float],
) -> None:
    ratings, history, games = tables
    moved = await connection.fetch(
        _UNDO.format(history=history, ratings=ratings), match_id, *initial
    )
    unrated = [(row[0], row[1]) for row in moved if row[2] == 0]
    if unrated:
        await connection.execute(
            _UNRATED.format(ratings=ratings), [p for p, _ in unrated], [g for _, g in unrated]
        )
    created: MatchCreated[GameRules] | None = None
    finished: MatchFinished | None = None
    for row in await connection.fetch(_STREAM, f"match-{match_id}"):
        event = DECODER.decode(row[0])
        if isinstance(event, MatchCreated):
            created = event
        elif isinstance(event, MatchFinished):
            finished = event
    if created is None or finished is None:
        return
    places = [list(p) for p in finished.places] if finished.places else None
    await connection.execute(
        _FOLLOW.format(games=games),
        match_id,
        game_of(created.rules).name,
        list(created.seats),
        finished.winner,
        finished.at,
        None if places is None else msgspec.json.encode(places).decode(),
    )
