"""How the pages write things for Brazilian readers: pt-BR numbers, dates in São Paulo's
time, and the words for the service's codes (games, outcomes, statuses, achievements)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import NamedTuple
from zoneinfo import ZoneInfo

from domain import BY_NAME
from domain.competitions.format import CHIPS_KIND
from projections.games import every_read_side

BRAZIL = ZoneInfo("America/Sao_Paulo")

_SIDES = every_read_side()
GAMES = {name: side.labels.title for name, side in _SIDES.items()}
"""Each registered game's name, from its read side (`projections/games/<game>.py`)."""
RULE_SETS = {
    preset: side.labels.rule_sets.get(preset, side.labels.title)
    for name, side in _SIDES.items()
    for preset in BY_NAME[name].presets
}
STATUSES = {
    "in_progress": "em andamento",
    "finished": "terminada, aguardando confirmação",
    "confirmed": "confirmada",
    "cancelled": "cancelada",
    "disputed": "contestada, aguardando a decisão do organizador",
    "annulled": "anulada por decisão do organizador",
}
OUTCOMES = {
    "penalty": "penalidade",
    **{code: word for side in _SIDES.values() for code, word in side.labels.outcomes.items()},
}
BATIDAS = {"simples": "simples", "carroca": "carroça", "la-e-lo": "lá e ló", "cruzada": "cruzada"}
CRITERIA = {
    "points": "Pontos",
    **{code: word for side in _SIDES.values() for code, word in side.labels.criteria.items()},
}
FIXTURE_STATUSES = {"pending": "a jogar", "playing": "em jogo", "decided": "decidida"}
STAGE_KINDS = {
    "groups": "grupos",
    "swiss": "suíço",
    "knockout": "mata-mata",
    CHIPS_KIND: "torneio de fichas",
}
TIE_BREAKERS = {
    "head_to_head": "confronto direto",
    "hands_difference": "saldo de mãos",
    "points_difference": "saldo de pontos",
    "games_won": "vitórias",
    "buchholz": "Buchholz",
    "sonneborn_berger": "Sonneborn-Berger",
    "lot": "sorteio",
}
ACHIEVEMENTS = {
    kind: words for side in _SIDES.values() for kind, words in side.labels.achievements.items()
}
RECORDS = {
    "most-games-won": "Mais vitórias",
    "most-hands-won": "Mais mãos vencidas",
    "longest-win-streak": "Maior sequência de vitórias",
    "best-average-points-per-hand": "Melhor média de pontos por mão",
    "fastest-game": "Vitória mais rápida",
    "longest-game": "Partida mais longa",
    "most-hands-in-a-game": "Mais mãos numa partida",
    "biggest-hand": "Maior mão",
    "highest-score": "Maior placar final",
    "lowest-winning-score": "Vitória com menos pontos",
}
"""The records every game has (projections/records.py); a game's own tallies are named by
its read side (`labels.records`)."""
_DURATIONS = ("fastest-game", "longest-game")
_STREAKS = {side.streak_prefix: name for name, side in _SIDES.items()}
_STREAK = re.compile(r"(.*)win-streak-(\d+)")


def number(value: float | None, places: int = 0) -> str:
    """1234.5 -> "1.234,5": the thousands dot and the decimal comma."""
    if value is None:
        return "—"
    text = f"{value:,.{places}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


def date(value: datetime | None) -> str:
    return "—" if value is None else value.astimezone(BRAZIL).strftime("%d/%m/%Y")


def last_day(value: datetime | None) -> str:
    """The last day a period ending (exclusive) at this instant includes, in Brazil."""
    return "—" if value is None else date(value - timedelta(microseconds=1))


def date_time(value: datetime | None) -> str:
    return "—" if value is None else value.astimezone(BRAZIL).strftime("%d/%m/%Y %H:%M")


def achievement(kind: str) -> str:
    streak = _STREAK.fullmatch(kind)
    if streak and streak.group(1) in _STREAKS:
        prefix, length = streak.groups()
        return f"{GAMES[_STREAKS[prefix]]}: {length} vitórias seguidas"
    return ACHIEVEMENTS.get(kind, kind)


def record_value(kind: str, value: float) -> str:
    """A record as a page says it: a game's length in hours and minutes, an average with two
    decimals, a count as a whole number."""
    if kind in _DURATIONS:
        minutes = round(value / 60)
        hours, minutes = divmod(minutes, 60)
        return f"{hours}h {minutes:02d}min" if hours else f"{minutes}min"
    if kind == "best-average-points-per-hand":
        return number(value, 2)
    return number(value)


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card(code: str) -> str:
    """ "JS" -> "J♠"."""
    return code[:-1] + SUITS.get(code[-1], code[-1])


def label(table: dict[str, str], code: str | None) -> str:
    """The word for a code, the code itself when the table lacks it (a new game's)."""
    if code is None:
        return "—"
    return table.get(code, code)


class SideOnPage(NamedTuple):
    """A side of a game as the pages show it: a partnership ("A": seats 0 and 2) or a seat
    played alone ("2": seat 2); its place once the game is finished (0: none yet)."""

    key: str
    seats: tuple[int, ...]
    team: bool
    place: int = 0


def sides(score: Mapping[str, int], seats: Sequence[str]) -> list[SideOnPage]:
    """The sides of a game, told by its score's keys ("A" and "B", or each seat's number)."""
    if "A" in score or "B" in score:
        count = len(seats)
        return [
            SideOnPage("A", tuple(range(0, count, 2)), True),
            SideOnPage("B", tuple(range(1, count, 2)), True),
        ]
    return [SideOnPage(str(s), (s,), False) for s in range(len(seats))]


def in_partnerships(games: Sequence[object]) -> bool:
    """Every game listed is played by two partnerships (its score's keys are "A" and "B"):
    a table of them heads its columns by partnership."""
    return all("A" in getattr(game, "score", {}) for game in games)


def numbered_places(places: Sequence[Sequence[str]]) -> list[tuple[int, Sequence[str]]]:
    """Each group of tied sides with its place, as the statistics and a torneio's table count
    it (R7): tied sides share the better place, the next counts every side before it (two
    tied first, then the third: 1, 1, 3)."""
    numbered, before = [], 0
    for shared in places:
        numbered.append((before + 1, shared))
        before += len(shared)
    return numbered


def by_place(
    score: Mapping[str, int], seats: Sequence[str], places: Sequence[Sequence[str]] | None
) -> list[SideOnPage]:
    """The sides of a game, best first with their places once it is finished (those sharing
    a place share its number), in seat order before."""
    every = sides(score, seats)
    if not places:
        return every
    place_of = {key: n for n, shared in numbered_places(places) for key in shared}
    placed = [side._replace(place=place_of.get(side.key, 0)) for side in every]
    return sorted(placed, key=lambda side: (side.place or len(placed) + 1, side.key))
