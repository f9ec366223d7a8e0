"""What happens at a Copas table beyond a card game's deal and cards: the pass (C3)."""

from typing import Literal

from domain.cards.cards import Card
from domain.match.events import Event
from domain.match.secrets import Secret
from domain.table import Seat

Direction = Literal["left", "right", "across", "none"]


class CardsGiven(Event, frozen=True, kw_only=True, tag="cards_given"):
    """A seat chooses the three cards it passes. Which seats have given is public; the
    cards are the giver's secret (the receiver sees them in its hand once exchanged)."""

    seat: Seat
    cards: tuple[Card, ...]

    def secrets(self) -> tuple[Secret, ...]:
        return (Secret("cards", list(self.cards), self.seat),)


class CardsExchanged(Event, frozen=True, kw_only=True, tag="cards_exchanged"):
    """The fourth seat has given: every seat's three cards reach their receiver at once,
    and the seat now holding the two of clubs leads it."""

    direction: Direction
    opener: Seat
