"""What a Cacheta scorekeeper (or its players) ask for beyond drawing and discarding."""

from datetime import datetime

from domain.cards.stock.commands import DealStock
from domain.match.commands import Command


class DealCacheta(DealStock, frozen=True, kw_only=True, tag="deal_cacheta"):
    """A deal of the seats still in (K14) with its vira (K2)."""

    vira: str | None = None
    """The card turned up, set aside; the rank after it in its colour is wild (K1)."""


class GoOut(Command, frozen=True, kw_only=True, tag="go_out"):
    seat: int
    groups: list[list[str]] | None = None
    """The melds shown (K6); None: the service finds them."""
    discard: str | None = None
    """The card discarded by a batida with 9 cards."""


class SayNaBoa(Command, frozen=True, kw_only=True, tag="say_na_boa"):
    seat: int


class JumpTheQueue(Command, frozen=True, kw_only=True, tag="jump_the_queue"):
    seat: int


class Burn(Command, frozen=True, kw_only=True, tag="burn"):
    seat: int


class RecordCachetaRound(Command, frozen=True, kw_only=True, tag="record_cacheta_round"):
    """A round by its result: who went out and with how many cards, or a void round."""

    winner: int | None = None
    cards: int | None = None
    void: bool = False
    started_at: datetime | None = None
    played_at: datetime | None = None
