"""How the pages write things for Brazilian readers: pt-BR numbers, dates in São Paulo's
time, and the words for the service's codes (games, outcomes, statuses, achievements)."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

BRAZIL = ZoneInfo("America/Sao_Paulo")

GAMES = {"dominoes": "Dominó", "sueca": "Sueca", "truco": "Truco"}
RULE_SETS = {
    "pontos": "Dominó — pontos",
    "cinquenta": "Dominó — cinquenta",
    "federacao": "Dominó — federação",
    "sueca": "Sueca",
    "truco": "Truco",
}
STATUSES = {
    "in_progress": "em andamento",
    "finished": "terminada, aguardando confirmação",
    "confirmed": "confirmada",
    "cancelled": "cancelada",
}
OUTCOMES = {
    "batida": "batida",
    "bloqueio": "bloqueio",
    "empate": "empate",
    "penalty": "penalidade",
    "run": "correram",
    "tricks": "vazas",
    "forfeit": "desistência",
}
BATIDAS = {"simples": "simples", "carroca": "carroça", "la-e-lo": "lá e ló", "cruzada": "cruzada"}
CRITERIA = {
    "games_won": "Vitórias",
    "hands_won": "Mãos ganhas",
    "points": "Pontos",
    "average_points_per_hand": "Média por mão",
    "cruzadas": "Cruzadas",
    "blocks_suffered": "Bloqueios sofridos",
    "buchudas": "Buchudas",
    "game_points": "Pontos de jogo",
    "bandeiradas": "Bandeiradas",
    "average_card_points_per_deal": "Pontos de carta por mão",
    "raises_won": "Trucos ganhos",
    "raises_run_from": "Correram do truco",
}
FIXTURE_STATUSES = {"pending": "a jogar", "playing": "em jogo", "decided": "decidida"}
STAGE_KINDS = {"groups": "grupos", "swiss": "suíço", "knockout": "mata-mata"}
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
    "buchuda": "Buchuda: ganhou com os adversários zerados",
    "buchuda-de-re": "Buchuda de ré: virou depois de estar perdendo de zero",
    "virada": "Virada: ganhou depois de sofrer os primeiros pontos",
    "first-cruzada": "Bateu de cruzada",
    "ten-point-game": "Ganhou um jogo de 10 pontos ou mais por tipo de batida",
    "sueca-bandeirada": "Sueca: bandeirada (todas as vazas de uma mão)",
    "sueca-four-nil": "Sueca: ganhou de 4 a 0",
    "sueca-virada": "Sueca: virada",
    "truco-from-0-11": "Truco: ganhou depois de estar perdendo de 0 a 11",
    "truco-doze": "Truco: ganhou uma mão valendo 12",
    "truco-virada": "Truco: virada",
}
_STREAK = re.compile(r"(?:(sueca|truco)-)?win-streak-(\d+)")


def number(value: float | None, places: int = 0) -> str:
    """1234.5 -> "1.234,5": the thousands dot and the decimal comma."""
    if value is None:
        return "—"
    text = f"{value:,.{places}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


def date(value: datetime | None) -> str:
    return "—" if value is None else value.astimezone(BRAZIL).strftime("%d/%m/%Y")


def date_time(value: datetime | None) -> str:
    return "—" if value is None else value.astimezone(BRAZIL).strftime("%d/%m/%Y %H:%M")


def achievement(kind: str) -> str:
    streak = _STREAK.fullmatch(kind)
    if streak:
        game, length = streak.groups()
        return f"{GAMES.get(game or 'dominoes')}: {length} vitórias seguidas"
    return ACHIEVEMENTS.get(kind, kind)


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card(code: str) -> str:
    """ "JS" -> "J♠"."""
    return code[:-1] + SUITS.get(code[-1], code[-1])


def label(table: dict[str, str], code: str | None) -> str:
    """The word for a code, the code itself when the table lacks it (a new game's)."""
    if code is None:
        return "—"
    return table.get(code, code)
