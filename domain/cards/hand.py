"""A trick-taking hand in progress: what each seat holds, the trick on the table, the
tricks taken. Sueca and Truco fill in their own parts (the trump; the vira and the raises)."""

import msgspec

from domain.cards.cards import Card
from domain.cards.events import CardsDealt
from domain.match.events import Event
from domain.match.state import GameHand, PerTeam, Raise
from domain.table import Team


class Played(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    card: Card
    covered: bool = False


class Trick(msgspec.Struct, frozen=True, kw_only=True):
    """A finished trick (a Truco round): its cards in play order and who took it."""

    cards: tuple[Played, ...]
    winner: int | None
    """The seat whose card took it; None when a Truco round tied."""
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
    """Tricks (Sueca) or rounds (Truco) won per team."""
    card_points: PerTeam = PerTeam()
    """Sueca: the points of the cards in the tricks each team took."""
    trump: str | None = None
    """Sueca: the trump suit (C, D, H or S)."""
    trump_card: Card | None = None
    vira: Card | None = None
    manilha: str | None = None
    """Truco: the rank of the four manilhas."""
    value: int = 1
    """Truco: what the hand is worth now."""
    pending: Raise | None = None
    """Truco: a raise waiting for the other team's answer."""
    last_raiser: Team | None = None
    """Truco: the team whose raise stands; it may not raise again next."""
    raises: tuple[Raise, ...] = ()
    eleven: bool = False
    """Truco: a mão de 11 (or de ferro): worth `eleven_value` from the start, no raises."""
    blind: bool = False
    """Truco: a mão de ferro: the players do not see their own cards."""
    moves: tuple[Event, ...] = ()
    """The moves since the deal, in order."""

    @property
    def to_play(self) -> int:
        """The seat whose card comes next."""
        return (self.leader + len(self.trick)) % 4
