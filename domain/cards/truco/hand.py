"""A Truco hand in progress: the trick engine's hand (its tricks are rounds), the vira and
the manilha, what the hand is worth, the raises."""

from typing import Any

from domain.cards.cards import Card
from domain.cards.tricks.hand import TrickHand
from domain.match.state import Raise
from domain.table import Team


class TrucoHand(TrickHand, frozen=True, kw_only=True):
    vira: Card | None = None
    """The card turned up."""
    manilha: str | None = None
    """The rank of the four manilhas."""
    value: int = 1
    """What the hand is worth now."""
    pending: Raise | None = None
    """A raise waiting for the other team's answer."""
    last_raiser: Team | None = None
    """The team whose raise stands; it may not raise again next."""
    raises: tuple[Raise, ...] = ()
    eleven: bool = False
    """A mão de 11 (or de ferro): worth `eleven_value` from the start, no raises."""

    def facts(self) -> dict[str, Any]:
        return super().facts() | {"raises": self.raises}
