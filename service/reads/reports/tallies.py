"""Pure tallies of a report: the rows of the projections' tables, already read, summed
per period, with the win streaks, partners and opponents they hold."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from projections.games.base import LARGEST, combined
from service.reads.reports.schemas import Compared, GameLine, Opponent, Partner, Period, TopPlayer

Row = Mapping[str, Any]

PLAYER_FIGURES = {
    "games_played": "games_played",
    "games_won": "games_won",
    "games_lost": "games_lost",
    "games_abandoned": "abandonments",
    "points_for": "points",
    "points_against": "points_against",
    "hands_played": "hands_played",
    "hands_won": "hands_won",
}
"""A player report's field -> the proj_player_games column it sums."""


def split(rows: Iterable[Row], period: Period, at: str = "finished_at") -> tuple[list[Row], ...]:
    """(the rows of `period`, the rows of the one before it), by their `at` time."""
    rows = list(rows)
    return (
        [r for r in rows if period.since <= r[at] < period.until],
        [r for r in rows if r[at] < period.since],
    )


def compare(now: Mapping[str, int], before: Mapping[str, int]) -> dict[str, Compared]:
    """Every name of either side, 0 where a side lacks it, in a stable order."""
    names = list(now) + [name for name in before if name not in now]
    return {name: Compared.of(now.get(name, 0), before.get(name, 0)) for name in names}


def sums(rows: Iterable[Row], columns: Mapping[str, str]) -> dict[str, int]:
    rows = list(rows)
    return {name: sum(int(r[column]) for r in rows) for name, column in columns.items()}


def extra_sums(rows: Iterable[Row], per: int = 1) -> dict[str, int]:
    """The game's own counters (jsonb `extra`) summed; `per`: rows that repeat each count
    (2 when both partners' rows hold their team's)."""
    total: dict[str, int] = {}
    for row in rows:
        for name, count in msgspec.json.decode(row["extra"], type=dict[str, int]).items():
            total[name] = combined(name, total.get(name, 0), count)
    return {
        name: total[name] if name.startswith(LARGEST) else total[name] // per
        for name in sorted(total)
    }


BOTH_TEAMS = frozenset({"deals"})
"""A card game's counters both teams count for the same deal."""


def competition_counters(rows: Iterable[Row]) -> dict[str, int]:
    """A game's counters over every side: both partners' rows hold their team's counts (each
    counted half), a seat played alone its own (counted whole); a deal both teams count is
    one deal."""
    halves: dict[str, int] = {}
    for row in rows:
        share = 1 if row["partner_id"] is not None else 2
        for name, count in msgspec.json.decode(row["extra"], type=dict[str, int]).items():
            if name.startswith(LARGEST):
                halves[name] = max(halves.get(name, 0), count)
            else:
                halves[name] = halves.get(name, 0) + count * share
    per_side = {
        name: n if name.startswith(LARGEST) else n // 2 for name, n in sorted(halves.items())
    }
    return {name: n // 2 if name in BOTH_TEAMS else n for name, n in per_side.items()}


def win_runs(wins: Iterable[bool]) -> tuple[int, int]:
    """(the longest run of wins, the run the last game ends), of games in play order."""
    best = current = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return best, current


def partners(rows: Iterable[Row], names: Mapping[str, str]) -> list[Partner]:
    games: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for row in rows:
        if row["partner_id"] is None:  # a game played alone
            continue
        games[row["partner_id"]] += 1
        won[row["partner_id"]] += row["won"]
    return [
        Partner(
            player_id=p,
            name=names.get(p),
            games=games[p],
            won=won[p],
            win_rate=round(won[p] / games[p], 4),
        )
        for p in _most_games_first(games, won, names)
    ]


def opponents(rows: Iterable[Row], names: Mapping[str, str]) -> list[Opponent]:
    games: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for row in rows:
        for opponent in row["opponents"]:
            games[opponent] += 1
            won[opponent] += row["won"]
    return [
        Opponent(player_id=p, name=names.get(p), games=games[p], won=won[p], lost=games[p] - won[p])
        for p in _most_games_first(games, won, names)
    ]


def top_players(
    rows: Iterable[Row],
    names: Mapping[str, str],
    limit: int = 5,
    *,
    fewer_points: bool = False,
    by_place: bool = False,
) -> list[TopPlayer]:
    """Most wins first; then fewer games; then as the game's ranking goes on: the average
    place, lower first (`by_place`: the games ranked by it), more points (`fewer_points`:
    the fewest, where points count against); the name."""
    sign = 1 if fewer_points else -1
    by_player: dict[str, list[int]] = {}
    for row in rows:
        games_won_points_places = by_player.setdefault(row["player_id"], [0, 0, 0, 0])
        games_won_points_places[0] += 1
        games_won_points_places[1] += row["won"]
        games_won_points_places[2] += row["points"]
        if by_place:
            counters = msgspec.json.decode(row["extra"], type=dict[str, int])
            games_won_points_places[3] += counters.get("place", 0)

    def order(item: tuple[str, list[int]]) -> tuple[Any, ...]:
        player, (games, won, points, places) = item
        average_place = places / games if by_place else 0
        return (-won, games, average_place, sign * points, names.get(player, ""), player)

    ranked = sorted(by_player.items(), key=order)
    return [
        TopPlayer(player_id=p, name=names.get(p), games=g, won=w, points=points)
        for p, (g, w, points, _) in ranked[:limit]
    ]


def game_line(row: Row) -> GameLine:
    return GameLine(
        match_id=row["match_id"],
        seats=list(row["seats"]),
        finished_at=row["finished_at"],
        duration_seconds=row["duration_seconds"] or 0,
        winner=row["winner"],
        score_a=row["score_a"],
        score_b=row["score_b"],
        scores=scores_of(row),
        margin=margin(row),
    )


_SCORE = msgspec.json.Decoder(dict[str, int])


def scores_of(row: Row) -> dict[str, int]:
    """Each side's points ("A" and "B", or each seat's number at a game played alone); a game
    kept before sides were named has only its partnerships' columns."""
    score = row.get("score")
    if score:
        return _SCORE.decode(score) if isinstance(score, str) else dict(score)
    return {"A": int(row["score_a"]), "B": int(row["score_b"])}


def margin(row: Row) -> int:
    """The winners' points less the losers' (at a table of more sides, the distance to the
    nearest one: fewer points win in some games, so it is counted either way)."""
    scores = scores_of(row)
    winner = row["winner"]
    if set(scores) == {"A", "B"}:
        difference = scores["A"] - scores["B"]
        return difference if winner == "A" else -difference
    if winner not in scores:
        return 0
    others = [abs(scores[winner] - points) for side, points in scores.items() if side != winner]
    return min(others, default=0)


def first_most(rows: Iterable[Row], measure: str | None = None) -> Row | None:
    """The row with the most of `measure` (or the biggest margin); of rows in play order,
    the earliest on a tie."""
    best: Row | None = None
    most = 0
    for row in rows:
        value = margin(row) if measure is None else int(row[measure] or 0)
        if best is None or value > most:
            best, most = row, value
    return best


def _most_games_first(
    games: Mapping[str, int], won: Mapping[str, int], names: Mapping[str, str]
) -> list[str]:
    return sorted(games, key=lambda p: (-games[p], -won[p], names.get(p, ""), p))
