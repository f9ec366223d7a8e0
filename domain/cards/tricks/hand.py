"""A trick-taking hand in progress: what each seat holds, the trick on the table, the
tricks taken. Each game's hand adds its own parts (a trump, a vira and its raises, bids)."""

from typing import Any

import msgspec

from domain.cards.cards import Card
from domain.cards.tricks.events import CardsDealt
from domain.match.events import Event
from domain.match.state import GameHand, PerTeam
from domain.table import Team


class Played(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    card: Card
    covered: bool = False


class Trick(msgspec.Struct, frozen=True, kw_only=True):
    """A finished trick (a Truco round): its cards in play order and who took it."""

    cards: tuple[Played, ...]
    winner: int | None
    """The seat whose card took it; None when the round tied (a game where rounds may tie)."""
    team: Team | None


class TrickHand(GameHand, frozen=True, kw_only=True):
    dealer: int
    dealt: CardsDealt
    """The deal, kept so that a move can be taken back by playing the others again."""
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    """Who leads the trick on the table."""
    trick: tuple[Played, ...] = ()
    tricks: tuple[Trick, ...] = ()
    won: PerTeam = PerTeam()
    """Tricks (or rounds) won per team, at a table of two partnerships."""
    card_points: PerTeam = PerTeam()
    """The points of the cards in the tricks each team took, where cards are worth points."""
    blind: bool = False
    """The hand is played blind: no player sees their own cards."""
    moves: tuple[Event, ...] = ()
    """The moves since the deal, in order."""

    def facts(self) -> dict[str, Any]:
        """What a finished hand's event says of this hand; a game adds its own."""
        return {"dealer": self.dealer, "tricks": self.won}

    @property
    def to_play(self) -> int:
        """The seat whose card comes next."""
        return (self.leader + len(self.trick)) % 4
