"""What happens at a trick game's table: a deal, a card played."""

from typing import ClassVar

from domain.cards.cards import Card
from domain.match.events import Event
from domain.match.secrets import NO_SECRETS, Secret, dealt
from domain.table import Seat


class CardsDealt(Event, frozen=True, kw_only=True, tag="cards_dealt"):
    starts_a_hand: ClassVar[bool] = True

    number: int
    dealer: Seat
    opener: Seat
    """Who leads the first trick: the seat after the dealer."""
    hands: tuple[tuple[Card, ...], ...]
    trump_card: Card | None = None
    """The dealer's last card, shown to all; its suit is the trump (a game that shows one)."""
    vira: Card | None = None
    """The card turned up from the deck (a game that turns one: it names the manilha)."""

    def secrets(self) -> tuple[Secret, ...]:
        return dealt(self.hands)


class CardPlayed(Event, frozen=True, kw_only=True, tag="card_played"):
    seat: Seat
    card: Card
    covered: bool = False
    """Played face down, where a game allows it: worth nothing in its round."""

    def secrets(self) -> tuple[Secret, ...]:
        return (Secret("card", self.card, self.seat),) if self.covered else NO_SECRETS


TRICK_EVENTS = (CardsDealt, CardPlayed)
"""What every trick game's hand is made of."""
