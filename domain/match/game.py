"""What a game is to the core: its name, its presets, and the four functions through which
the shared decide and evolve reach its own rules. `domain.games` registers every game."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from domain.errors import InvalidInput
from domain.match.commands import Command
from domain.match.events import Event
from domain.match.requests import HandRequest, MoveRequest, ResultRequest
from domain.match.state import GameHand, HandResult, Match
from domain.table import Table

Family = Literal["dominoes", "cards", "stock", "betting"]
"""How a hand is played, and so the shape of its view: a board of tiles, tricks, a stock
and a discard pile (Mau Mau, the rummy family), or chips bet (Hold'em, poker fechado)."""
Partnerships = Literal["always", "never", "at-four"]
"""How a game's seats play: two partnerships of two, each alone, or partnerships when four
sit down and alone when two do (Buraco, Tranca)."""
Example = tuple[str, dict[str, object]]
"""A body for the API document: (what it does, the body)."""
Shown = Callable[[GameHand, frozenset[int]], dict[str, Any]]
"""The game's own fields of a hand in progress, as a reader who sees these seats' hands may
see them (the API's names; the family's view adds what every game of it shows)."""


def nothing_more(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    return {}


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


@dataclass(frozen=True)
class Game:
    name: str
    """What the game's state calls it: "dominoes", or the card game's preset name."""
    family: Family
    presets: tuple[str, ...]
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
    deal: Callable[[HandRequest, datetime], Command]
    """A posted deal, read into the game's command."""
    move: Callable[[MoveRequest, datetime], Command]
    result: Callable[[ResultRequest, datetime], Command]
    result_body: Callable[[HandResult], dict[str, object] | None]
    """The body of `/results` that records this finished hand again (an export line's),
    None for a hand no result body records (one ended by a penalty)."""
    examples: Examples = field(default_factory=Examples)
    shown: Shown = nothing_more
    """What a reader sees of its hand in progress beyond what its family shows."""
    fields: dict[str, str] = field(default_factory=dict)
    """What the shared bodies' fields mean in this game, for the API document, by
    `<body>.<field>`: `move.call`, `result.points`, `deal.vira`, `view.trump`, `hand.raises`
    (a finished hand), `penalty.kind`."""
    seats: tuple[int, ...] = (4,)
    """How many may sit at its table (2 to 8)."""
    partnerships: Partnerships = "always"
    served: Callable[[Match, Sequence[str], datetime, HandRequest], Command] | None = None
    """A server deal that takes what the request asks besides the cards (a betting game:
    the seats dealt in, the stacks); None: `shuffled`."""
    revealed: Callable[[HandResult], dict[int, frozenset[str]]] | None = None
    """The cards a finished hand shows, by seat, of its events' kept secrets (`Event.kept`:
    a poker showdown's hands); None: the hand's end shows everything."""
    restock: Callable[[Match], tuple[str, ...]] = no_restock
    """The cards a new stock would be shuffled from should the next draw need one (the
    pile but its top, when the stock is known): the service shuffles them into the move."""

    def table_for(self, seats: int) -> Table:
        """The table of a game with this many seats, or `invalid-seats`."""
        if seats not in self.seats:
            counts = " or ".join(str(n) for n in self.seats)
            raise InvalidInput("invalid-seats", f"{self.name} is played by {counts} players")
        together = self.partnerships == "always" or (self.partnerships == "at-four" and seats == 4)
        return Table(seats, together)
