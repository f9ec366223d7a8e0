"""What happens at a card table: deals, cards played, new deals asked for, raises."""

from typing import ClassVar

from domain.cards.cards import Card
from domain.cards.copas.events import CardsExchanged, CardsGiven
from domain.cards.espadas.events import BidMade
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
    """Sueca: the dealer's last card, shown to all; its suit is the trump."""
    vira: Card | None = None
    """Truco: the card turned up from the deck; the rank after it is the manilha."""

    def secrets(self) -> tuple[Secret, ...]:
        return dealt(self.hands)


class CardPlayed(Event, frozen=True, kw_only=True, tag="card_played"):
    seat: Seat
    card: Card
    covered: bool = False
    """Truco: played face down; it is worth nothing in its round."""

    def secrets(self) -> tuple[Secret, ...]:
        return (Secret("card", self.card, self.seat),) if self.covered else NO_SECRETS


class RedealAsked(Event, frozen=True, kw_only=True, tag="redeal_asked"):
    """Sueca: the opening player's cards are worth too little; the deal is void and the same
    dealer deals again."""

    number: int
    seat: Seat
    points: int
    """What the seat's cards were worth."""


class RaiseCalled(Event, frozen=True, kw_only=True, tag="raise_called"):
    """Truco: a seat asks for the hand to be worth `value` (3, 6, 9, 12)."""

    seat: Seat
    value: int


class RaiseAccepted(Event, frozen=True, kw_only=True, tag="raise_accepted"):
    """Truco: the other team accepts; the hand is worth `value` from now on."""

    seat: Seat
    value: int


CardEvent = (
    CardsDealt
    | CardPlayed
    | RedealAsked
    | RaiseCalled
    | RaiseAccepted
    | BidMade
    | CardsGiven
    | CardsExchanged
)
