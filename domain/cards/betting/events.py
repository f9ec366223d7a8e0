"""What happens at a betting table (Texas Hold'em, poker fechado): the deal with the chips
each seat brings and the blinds or antes it posts, each bet, the board turned street by
street, the cards exchanged, the showdown.

Hole cards and exchanged cards are committed card by card (P14), each the secret of its
seat: a showdown reveals the cards a seat shows and nothing of what it threw away; a hand
that folded, or won with everyone else folded, is never revealed (`kept`). The stock, and a
board posted ahead, are nobody's and never revealed: the board is shown as it is turned."""

from typing import ClassVar, Literal

import msgspec

from domain.cards.betting.limits import Street
from domain.cards.cards import Card
from domain.match.events import Event
from domain.match.secrets import Secret
from domain.table import Seat

Action = Literal["check", "cover", "bet", "raise", "all_in", "fold"]
"""Mesa, cobrir, apostar, aumentar, all-in, correr."""


def _cards(path: str, cards: tuple[str, ...], seat: int) -> tuple[Secret, ...]:
    return tuple(Secret(f"{path}.{n}", card, seat) for n, card in enumerate(cards))


class BettingDealt(Event, frozen=True, kw_only=True, tag="betting_dealt"):
    """A hand dealt at a betting table: the seats dealt in, the chips each seat has before
    it (every seat of the table), what each posts at once (blinds or antes), each seat's
    cards, and the stock (poker fechado) or the board (Hold'em) when posted or shuffled by
    the service; without a board, each street is named as it is turned."""

    starts_a_hand: ClassVar[bool] = True
    kept: ClassVar[bool] = True
    """Its secrets outlive the hand: only the cards shown at a showdown are revealed."""
    revealable: ClassVar[tuple[str, ...]] = ("hands.",)

    number: int
    dealer: Seat
    dealt: tuple[Seat, ...]
    """The seats dealt in, in seat order (a seat may sit a hand out: P11)."""
    stacks: tuple[int, ...]
    """The chips each seat of the table has when the hand starts (top-ups included)."""
    posted: tuple[int, ...]
    """What each seat posts at the deal: the small and big blinds, or the pingo (ante)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, in seat order; () for a seat not dealt in."""
    stock: tuple[Card, ...] | None = None
    """Poker fechado: the cards left, top first; Hold'em: the board to come, in order."""

    def secrets(self) -> tuple[Secret, ...]:
        parts: tuple[Secret, ...] = ()
        for seat, cards in enumerate(self.hands):
            parts += _cards(f"hands.{seat}", cards, seat)
        if self.stock is not None:
            parts += (Secret("stock", list(self.stock), None),)
        return parts


class BetMade(Event, frozen=True, kw_only=True, tag="bet_made"):
    """A seat acts in a betting round: `to` is its total in the round after the move,
    `chips` what it added (0 for a check or a fold)."""

    seat: Seat
    action: Action
    to: int
    chips: int
    all_in: bool = False
    """It put its last chip in."""


class BoardTurned(Event, frozen=True, kw_only=True, tag="board_turned"):
    """Hold'em: the flop (three cards), the turn or the river (one), public."""

    street: Street
    cards: tuple[Card, ...]
    named: bool = False
    """Named by the scorekeeper (a board not posted); else turned from the posted board."""


class CardsSwapped(Event, frozen=True, kw_only=True, tag="cards_swapped"):
    """Poker fechado: a seat throws away `count` cards (0 to 5) and receives as many from
    the stock; which ones is its secret, card by card (P14)."""

    kept: ClassVar[bool] = True
    revealable: ClassVar[tuple[str, ...]] = ("received.",)
    """The cards received may be shown at the showdown; those thrown away, never (P14)."""

    number: int
    """The hand's number: its secrets are revealed (or kept) with the hand's showdown."""
    seat: Seat
    count: int
    thrown: tuple[Card, ...]
    received: tuple[Card, ...]
    restock: tuple[Card, ...] | None = None
    """P2: the stock ran short; the cards thrown before this seat's, shuffled by the
    service, became the stock (nobody's secret, never revealed)."""

    def secrets(self) -> tuple[Secret, ...]:
        parts = _cards("thrown", self.thrown, self.seat) + _cards(
            "received", self.received, self.seat
        )
        if self.restock is not None:
            parts += (Secret("restock", list(self.restock), None),)
        return parts


class PotWon(msgspec.Struct, frozen=True):
    amount: int
    seats: tuple[Seat, ...]
    """The seats that could win it."""
    winners: tuple[Seat, ...]


class ShowdownHeld(Event, frozen=True, kw_only=True, tag="showdown_held"):
    """The hands still in are shown (P13): each seat's five cards (Hold'em: its two), what
    they make, and who wins each pot."""

    shown: dict[str, tuple[Card, ...]]
    """By seat: the cards it shows (with the board, Hold'em: `ranking.best_five` finds the
    five its hand is made of)."""
    made: dict[str, str]
    """By seat: what its hand is ("flush", "two-pair", ...)."""
    pots: tuple[PotWon, ...]


class ClosingAsked(Event, frozen=True, kw_only=True, tag="closing_asked"):
    """P17: a seat's player asks to close the session between hands; it closes once every
    seat has (or when the scorekeeper or an organizer closes it)."""

    seat: Seat


BettingEvent = BettingDealt | BetMade | BoardTurned | CardsSwapped | ShowdownHeld | ClosingAsked

BETTING_EVENTS = BettingEvent.__args__
