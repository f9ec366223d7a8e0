"""Dominoes' read side (rule sets pontos, cinquenta, federacao): the seed's ranking
criteria (rules.md, "Ranking"), its records and achievements. Dominoes counts only the
columns every game shares (batidas by kind, blocks, ...): no counters of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from projections.criteria import GAMES_WON, HANDS_WON, Criterion, ratio
from projections.facts import Finish, GameFacts
from projections.games.base import (
    GAMES_WON_TALLY,
    HANDS_WON_TALLY,
    Feats,
    Labels,
    Named,
    Narrator,
    ReadSide,
)

TEN_POINTS = 10


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {
        "buchuda": won and finish.buchuda,
        "buchuda-de-re": won and finish.buchuda_de_re,
        "virada": won and finish.virada,
        "ten-point-game": won and game.by_kind and score >= TEN_POINTS,
    }


def _played(data: Mapping[str, Any], who: Named) -> str:
    end = {"left": " na esquerda", "right": " na direita"}.get(data.get("end") or "", "")
    return f"{who(data.get('seat'))} jogou {data.get('tile', 'uma pedra')}{end}"


def _voided(data: Mapping[str, Any], who: Named) -> str:
    doubles = " ".join(data.get("doubles") or ())
    held = f" ({doubles})" if doubles else ""
    return f"{who(data.get('seat'))} mostrou as carroças{held}: distribuição anulada"


EVENTS: dict[str, Narrator] = {
    "hand_started": lambda data, who: (
        "pedras distribuídas"
        + (f": {who(data['opener'])} abre" if data.get("opener") is not None else "")
    ),
    "deal_voided": _voided,
    "tile_played": _played,
    "passed": lambda data, who: f"{who(data.get('seat'))} passou",
}

READ_SIDE = ReadSide(
    batidas={
        "simples": "simples",
        "carroca": "carrocas",
        "la-e-lo": "la_e_los",
        "cruzada": "cruzadas",
        "total": "batidas",
    },
    criteria=(
        GAMES_WON,
        HANDS_WON,
        Criterion(
            "average_points_per_hand",
            ratio("sum(points)", "sum(hands_played)"),
            True,
            "Points the team scored per hand played.",
        ),
        Criterion("cruzadas", "sum({cruzadas})", True, "Batidas by cruzada."),
        Criterion(
            "blocks_suffered", "sum(blocks_suffered)", False, "Hands lost by bloqueio (fewer)."
        ),
        Criterion("buchudas", "sum(buchudas)", True, "Games won with the losers on 0."),
    ),
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-hands-won": HANDS_WON_TALLY,
        "most-buchudas": ("sum(buchudas)", "Most buchudas won (the losers scored nothing)."),
        "most-cruzadas": ("sum(cruzadas)", "Most batidas by cruzada."),
        "most-viradas": ("sum(viradas)", "Most viradas (won after conceding the first points)."),
        "most-buchudas-de-re": ("sum(buchudas_de_re)", "Most comebacks from 0 to target - 1."),
    },
    achievements={
        "buchuda": "Won a game by buchuda: the losers scored nothing.",
        "buchuda-de-re": "Won a buchuda de ré: came back to win after trailing 0 to target - 1.",
        "virada": "Won a virada: won a game after conceding its first points.",
        "first-cruzada": "Went out with a cruzada: the last tile placed on two ends showing "
        "the same number.",
        "ten-point-game": "Won a game scored by batida kind (pontos) with 10 points or more.",
    },
    feats=_feats,
    hand_feats=(("first-cruzada", lambda h, _: h.outcome == "batida" and h.kind == "cruzada"),),
    hand_feats_by_side=False,  # a batida is the seat's own
    streak_prefix="",  # its win streaks were named before any other game's
    labels=Labels(
        title="Dominó",
        rule_sets={
            "pontos": "Dominó — pontos",
            "cinquenta": "Dominó — cinquenta",
            "federacao": "Dominó — federação",
        },
        criteria={
            "games_won": "Vitórias",
            "hands_won": "Mãos ganhas",
            "average_points_per_hand": "Média por mão",
            "cruzadas": "Cruzadas",
            "blocks_suffered": "Bloqueios sofridos",
            "buchudas": "Buchudas",
        },
        achievements={
            "buchuda": "Buchuda: ganhou com os adversários zerados",
            "buchuda-de-re": "Buchuda de ré: virou depois de estar perdendo de zero",
            "virada": "Virada: ganhou depois de sofrer os primeiros pontos",
            "first-cruzada": "Bateu de cruzada",
            "ten-point-game": "Ganhou um jogo de 10 pontos ou mais por tipo de batida",
        },
        outcomes={"batida": "batida", "bloqueio": "bloqueio", "empate": "empate"},
        figures=("batidas", "cruzadas", "buchudas", "blocks_made", "viradas", "biggest_hand"),
        records={
            "most-games-won": "Mais vitórias",
            "most-hands-won": "Mais mãos ganhas",
            "most-buchudas": "Mais buchudas",
            "most-cruzadas": "Mais cruzadas",
            "most-viradas": "Mais viradas",
            "most-buchudas-de-re": "Mais buchudas de ré",
        },
        events=EVENTS,
    ),
)
