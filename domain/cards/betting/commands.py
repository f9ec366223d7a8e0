"""What a scorekeeper (or a player) asks for at a betting table."""

from datetime import datetime

from domain.match.commands import Command


class DealBetting(Command, frozen=True, kw_only=True, tag="deal_betting"):
    hands: list[list[str]]
    """One hand per seat dealt in, in seat order; the service's deal gives every seat's."""
    dealer: int | None = None
    dealt: list[int] | None = None
    """The seats dealt in (all of them when not said)."""
    stacks: list[int] | None = None
    """Every seat's chips: the first hand's, or a top-up (a stack never shrinks)."""
    stock: list[str] | None = None
    """Poker fechado: the stock, top first. Hold'em: the board (5 cards), in order."""


class Bet(Command, frozen=True, kw_only=True, tag="bet"):
    seat: int
    action: str
    """check, cover, bet_to, all_in or fold."""
    to: int | None = None
    """With bet_to: the seat's total in this betting round after the move."""


class TurnBoard(Command, frozen=True, kw_only=True, tag="turn_board"):
    cards: list[str]


class SwapCards(Command, frozen=True, kw_only=True, tag="swap_cards"):
    seat: int
    thrown: list[str]
    received: list[str] | None = None
    """Named by the poster when the stock is not known."""
    restock: list[str] | None = None
    """The cards thrown so far, shuffled by the service, should the stock run short (P2)."""


class RecordNet(Command, frozen=True, kw_only=True, tag="record_net"):
    """A hand by its result (P18): the chips each seat won or lost, summing to 0."""

    net: dict[str, int]
    """By seat: the seats it names (with chips) are the seats dealt in."""
    stacks: list[int] | None = None
    dealer: int | None = None
    started_at: datetime | None = None
    played_at: datetime | None = None
    """A score sheet typed in later (D27)."""


class CloseSession(Command, frozen=True, kw_only=True, tag="close_session"):
    """P17: the table session ends between hands; places by final stack."""

    seat: int | None = None
    """The seat whose player asks to close it (it closes once every seat has); None: the
    scorekeeper or an organizer closes it at once."""
    played_at: datetime | None = None
    """When it was closed, for a score sheet typed in later (D27); else `at`."""


BettingCommand = DealBetting | Bet | TurnBoard | SwapCards | RecordNet | CloseSession

BETTING_COMMANDS = BettingCommand.__args__
