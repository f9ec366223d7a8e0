"""What a game's read side declares (`projections/games/<game>.py`), with the defaults a game
takes for what it does not declare."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from projections.criteria import DEFAULT, Criterion
from projections.facts import Finish, GameFacts, HandFact

LARGEST = "biggest_"
"""A game's counter named so keeps its largest value over games, not their sum (a
biggest pot); every other counter adds up."""


def combined(name: str, a: int, b: int) -> int:
    """Two values of a game's counter, over two games or two batches."""
    return max(a, b) if name.startswith(LARGEST) else a + b


Counts = dict[str, int]
SideCounts = dict[str, Counts]
"""Counters per side ("A", "B": the team's, shared by its players)."""
Feats = dict[str, bool]
GameFeats = Callable[[GameFacts, Finish, bool, int], Feats]
"""(game, its finish, won by the player's side, the side's final score) -> feats earned."""
HandFeat = tuple[str, Callable[[HandFact, str], bool]]
"""An achievement earned by the first hand of a game that passes its test (hand, side)."""
Named = Callable[[object], str]
"""A seat's player's name, by the seat number an event carries ("" for none)."""
Narrator = Callable[[Mapping[str, Any], Named], str]
"""An event in a sentence, from its public data: "Zé jogou 6-4 na esquerda"."""
Tally = tuple[str, str]
"""A record counted over a player's totals: (SQL aggregate, what it counts)."""

GAMES_WON_TALLY: Tally = ("sum(games_won)", "Most confirmed games won.")
HANDS_WON_TALLY: Tally = ("sum(hands_won)", "Most hands won.")
DEFAULT_TALLIES = {"most-games-won": GAMES_WON_TALLY, "most-hands-won": HANDS_WON_TALLY}


def no_counters(game: GameFacts) -> SideCounts:
    return {side: {} for side in game.sides}


def no_feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {}


@dataclass(frozen=True)
class ReadSide:
    criteria: tuple[Criterion, ...] = DEFAULT
    """The ranking's criteria, in order, each breaking the previous one's ties."""
    counters: Callable[[GameFacts], SideCounts] = no_counters
    """The game's own counters per side, beyond the shared ones (kept in `extra`)."""
    batidas: dict[str, str] = field(default_factory=dict)
    """The shared columns a player's report compares as batidas, by the API's name of each
    kind (dominoes: simples, carroca, la-e-lo, cruzada, total); none for the others."""
    tallies: dict[str, Tally] = field(default_factory=lambda: dict(DEFAULT_TALLIES))
    """The all-time records counted over the players' totals."""
    achievements: dict[str, str] = field(default_factory=dict)
    """Its own achievements (kind -> what earns it), win streaks aside."""
    feats: GameFeats = no_feats
    hand_feats: tuple[HandFeat, ...] = ()
    hand_feats_by_side: bool = True
    """A hand's feat is its side's (a trick); False: the seat's own (a dominoes batida)."""
    streak_prefix: str = ""
    """Prefixed to its win-streak achievements' kinds (`<prefix>win-streak-5`)."""
    labels: Labels = field(default_factory=lambda: Labels(title=""))
    """How the pages name it and its codes, in Portuguese."""
    fewer_points_better: bool = False
    """Its points count against the player (points taken, cards held at the end, lives
    lost): a record or a tie-break of points goes to the fewest, and no record celebrates
    the most (G52)."""


@dataclass(frozen=True)
class Labels:
    """A game's words for its Brazilian readers (the pages)."""

    title: str
    """Its name, in Portuguese, as a page heads it."""
    rule_sets: dict[str, str] = field(default_factory=dict)
    """Each preset's name, when it is not the game's own."""
    criteria: dict[str, str] = field(default_factory=dict)
    achievements: dict[str, str] = field(default_factory=dict)
    outcomes: dict[str, str] = field(default_factory=dict)
    """How its hands end (its outcomes' codes)."""
    counters: dict[str, str] = field(default_factory=dict)
    """Its own counters (`ReadSide.counters`, the API's `game_counters`), as a player's page
    and report show them, in this order."""
    figures: tuple[str, ...] = ()
    """The shared figures of a player's statistics that mean something in this game beyond
    those of every game (games, wins, hands, points): `biggest_hand`, `viradas`, `batidas`,
    `cruzadas`, `buchudas`, `blocks_made`."""
    records: dict[str, str] = field(default_factory=dict)
    """Its records (`ReadSide.tallies`' kinds), in Portuguese."""
    events: dict[str, Narrator] = field(default_factory=dict)
    """Its own events told in a sentence for the replay, by type; the events of the engines
    it shares (a card played, a card drawn) are told by the pages."""


def shown(card: object) -> str:
    """A card as a page shows it ("JS": "J♠"); "?" for a card kept hidden."""
    if not isinstance(card, str) or not card:
        return "?"
    return card[:-1] + SUIT_SYMBOLS.get(card[-1], card[-1])


def plural(count: object, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
