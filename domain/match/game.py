"""What a game is to the core (the Game protocol): its name, its presets, its table, its
decide and evolve, its bodies, and the few parts through which the shared decide, evolve,
views and writes reach its own rules. `domain.games` registers every game; nothing here
knows any game."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

from domain.errors import InvalidInput
from domain.match.bodies import DealBody, HandView, MoveBody, ResultBody, Seen
from domain.match.commands import Command
from domain.match.events import Event
from domain.match.rules import GameRules
from domain.match.state import GameHand, HandResult, Match
from domain.table import Table

Family = Literal["dominoes", "cards", "stock", "betting"]
"""How a hand is played: a board of tiles, tricks, a stock and a discard pile, or chips
bet."""
Partnerships = Literal["always", "never", "at-four"]
"""How a game's seats play: two partnerships of two, each alone, or partnerships when four
sit down and alone when two do."""
Example = tuple[str, dict[str, object]]
"""A body for the API document: (what it does, the body)."""


def no_restock(state: Match) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class Examples:
    """The game's bodies shown in the API document, by write, each under its own name."""

    create: dict[str, Example] = field(default_factory=dict)
    """`rules` of a new game; the document adds the seats."""
    deal: dict[str, Example] = field(default_factory=dict)
    move: dict[str, Example] = field(default_factory=dict)
    result: dict[str, Example] = field(default_factory=dict)


D = TypeVar("D", bound=DealBody)
M = TypeVar("M", bound=MoveBody)
R = TypeVar("R", bound=ResultBody)


@dataclass(frozen=True)
class Bodies(Generic[D, M, R]):
    """A game's own bodies (design.md, "A game is a package"): what a client posts to deal,
    move and record a result, each read strictly into the game's struct and then into its
    command; and what a reader sees of its hand in progress."""

    deal: type[D]
    move: type[M]
    result: type[R]
    hand: type[HandView]
    dealt: Callable[[D, datetime], Command]
    """A posted deal, into the game's command."""
    moved: Callable[[M, datetime, Sequence[str]], Command]
    """A move, into the game's command; with the service's shuffle of the cards a new stock
    would take (`Game.restock`), should the move draw and need one."""
    recorded: Callable[[R, datetime], Command]
    view: Callable[[GameHand, Seen], HandView]
    """The hand in progress as a reader who sees these seats' hands may see it."""
    served: Callable[[Match, Sequence[str], datetime, D], Command] | None = None
    """A server deal that takes what the body asks besides the cards (a betting game: the
    seats dealt in, the stacks); None: `Game.shuffled`."""


@dataclass(frozen=True)
class Game:
    name: str
    """What the game's state calls it: "dominoes", or the card game's preset name."""
    family: Family
    rule_sets: tuple[GameRules, ...]
    """Its presets' rules, the first the default (dominoes: pontos, cinquenta, federacao)."""
    events: tuple[type[Event], ...]
    """Its own events (its engine's and its own): the registry's union decodes them."""
    commands: tuple[type[Command], ...]
    """Its own commands (its engine's and its own)."""
    decide: Callable[[Command, Match], list[Event]]
    """The game's own commands (deals, moves, results, penalties, undo)."""
    evolve: Callable[[Match, Event], Match]
    """The game's own events (deals, moves, undo); the shared ones are folded by the core."""
    after_hand: Callable[[Match, HandResult], Match]
    """The game's bookkeeping once a hand is counted: who opens or deals the next."""
    deck: tuple[str, ...]
    """Every tile or card of the game, for a deal made by the server."""
    shuffled: Callable[[Match, Sequence[str], datetime], Command]
    """The next deal from the deck in this (shuffled) order."""
    result_body: Callable[[HandResult], dict[str, object] | None]
    """The body of `/results` that records this finished hand again (an export line's),
    None for a hand no result body records (one ended by a penalty)."""
    bodies: Bodies[Any, Any, Any]
    """What a client posts to deal, move and record a result, and what a reader sees of its
    hand in progress: the game's own structs."""
    examples: Examples = field(default_factory=Examples)
    fields: dict[str, str] = field(default_factory=dict)
    """What the fields that every game shares mean in this one, for the API document, by
    `<part>.<field>`: `hand.raises` (a finished hand), `penalty.kind`."""
    seats: tuple[int, ...] = (4,)
    """How many may sit at its table (2 to 8)."""
    partnerships: Partnerships = "always"
    revealed: Callable[[HandResult], dict[int, frozenset[str]]] | None = None
    """The cards a finished hand shows, by seat, of its events' kept secrets (`Event.kept`:
    the hands shown at a showdown); None: the hand's end shows everything."""
    refusals: frozenset[str] = frozenset()
    """The stable codes of its own refusals (its package's `refusals.py`), beyond the shared
    ones (`domain.errors.SHARED_CODES`)."""
    restock: Callable[[Match], tuple[str, ...]] = no_restock
    """The cards a new stock would be shuffled from should the next draw need one (the
    pile but its top, when the stock is known): the service shuffles them into the move."""
    abandoned: Callable[[Match, str], list[list[str]]] | None = None
    """At a table of more than two sides, the places once this side abandons (C12: it last,
    the others in the game's own order as the game stands; `InvalidInput` when that side
    may not abandon); None: the others by points, the most first."""

    @property
    def presets(self) -> tuple[str, ...]:
        """Its presets' names (the rules' `preset` tags), which name the game too."""
        return tuple(rules.preset for rules in self.rule_sets)

    def table_for(self, seats: int) -> Table:
        """The table of a game with this many seats, or `invalid-seats`."""
        if seats not in self.seats:
            counts = " or ".join(str(n) for n in self.seats)
            raise InvalidInput("invalid-seats", f"{self.name} is played by {counts} players")
        together = self.partnerships == "always" or (self.partnerships == "at-four" and seats == 4)
        return Table(seats, together)
