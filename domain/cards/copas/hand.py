"""A Copas hand in progress: the trick engine's hand, the pass and the points taken."""

from domain.cards.cards import suit_of
from domain.cards.copas.events import Direction
from domain.cards.tricks.hand import TrickHand

QUEEN = "QS"


def card_points(card: str) -> int:
    return 13 if card == QUEEN else 1 if suit_of(card) == "H" else 0


class CopasHand(TrickHand, frozen=True, kw_only=True):
    direction: Direction = "none"
    given: tuple[tuple[str, ...] | None, ...] = (None, None, None, None)
    """The three cards each seat has set aside to pass; None until it gives."""
    exchanged: bool = False

    @property
    def passing(self) -> bool:
        """The cards are still being chosen: no card is played before the exchange."""
        return self.direction != "none" and not self.exchanged

    hearts_broken: bool = False
    """A heart has been played on a trick (C5; the queen of spades breaks nothing)."""

    @property
    def taken(self) -> tuple[int, ...]:
        """The points each seat has taken so far."""
        points = [0, 0, 0, 0]
        for trick in self.tricks:
            if trick.winner is not None:
                points[trick.winner] += sum(card_points(p.card) for p in trick.cards)
        return tuple(points)
