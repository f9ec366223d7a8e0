"""What each game counts beyond the counters every game shares (games, hands, points,
penalties, ...): its own, per team, kept in the rows' `extra`. The rankings' criteria and
the records of a game read them (`projections.criteria`).

Decisions where rules.md is silent:
- Sueca: `card_points` and `deals` sum the card points a team took over the deals counted
  card by card or by a result with points (average card points per deal); a bandeirada is
  a deal with every trick.
- Truco: a raise won is a hand in which the team raised and that it won (played out or
  run from); `run_from` counts the hands the other team ran from the team's raise, `runs`
  those the team ran from; `hands_of_twelve`, hands played out and won while worth 12.
"""

from __future__ import annotations

from collections.abc import Callable

from projections.games import GameFacts

Counts = dict[str, int]
TEAMS = ("A", "B")


def _team(seat: int) -> str:
    return "A" if seat % 2 == 0 else "B"


def sueca(game: GameFacts) -> dict[str, Counts]:
    counts: dict[str, Counts] = {
        t: dict.fromkeys(("card_points", "deals", "bandeiradas", "bandeiradas_suffered"), 0)
        for t in TEAMS
    }
    for hand in game.hands:
        for i, team in enumerate(TEAMS):
            c = counts[team]
            if hand.card_points is not None:
                c["card_points"] += hand.card_points[i]
                c["deals"] += 1
            if hand.outcome == "bandeirada":
                c["bandeiradas" if hand.winner == team else "bandeiradas_suffered"] += 1
    return counts


def truco(game: GameFacts) -> dict[str, Counts]:
    names = ("raises_called", "raises_won", "run_from", "runs", "hands_of_twelve")
    counts: dict[str, Counts] = {t: dict.fromkeys(names, 0) for t in TEAMS}
    for hand in game.hands:
        raisers = [_team(seat) for seat, _ in hand.raises]
        for team in TEAMS:
            c = counts[team]
            won = hand.winner == team
            c["raises_called"] += raisers.count(team)
            c["raises_won"] += won and team in raisers
            if hand.outcome == "run":
                c["run_from" if won else "runs"] += 1
            # Played out at 12: a forfeit's points only bring the winners to the target.
            c["hands_of_twelve"] += won and hand.outcome == "tricks" and hand.points >= 12
    return counts


COUNTERS: dict[str, Callable[[GameFacts], dict[str, Counts]]] = {"sueca": sueca, "truco": truco}
"""A game's own counters, by game name; dominoes has only the shared columns."""


def extra_counters(game: GameFacts) -> dict[str, Counts]:
    counter = COUNTERS.get(game.game)
    return counter(game) if counter else {t: {} for t in TEAMS}
