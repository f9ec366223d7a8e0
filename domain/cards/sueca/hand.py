"""A Sueca hand in progress: the trick engine's hand, its trump."""

from domain.cards.cards import Card
from domain.cards.tricks.hand import TrickHand


class SuecaHand(TrickHand, frozen=True, kw_only=True):
    trump: str | None = None
    """The trump suit (C, D, H or S)."""
    trump_card: Card | None = None
    """The dealer's last card, whose suit is the trump."""
