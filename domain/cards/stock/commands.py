"""What a scorekeeper (or a player) asks for at a table that draws and discards."""

from domain.match.commands import Command


class DealStock(Command, frozen=True, kw_only=True, tag="deal_stock"):
    hands: list[list[str]]
    """One hand per seat, in seat order."""
    dealer: int | None = None
    starter: str | None = None
    """The first card of the pile, where a game turns one from the stock."""
    stock: list[str] | None = None
    """The stock, top first: then a draw names no card. None: each draw names its cards."""
    mortos: list[list[str]] | None = None
    """The two mortos of a game that sets them aside, side A's (seat 0's) then side B's."""


class DrawCards(Command, frozen=True, kw_only=True, tag="draw_cards"):
    seat: int
    source: str = "stock"
    cards: list[str] | None = None
    """The cards drawn, named by a scorekeeper when the stock is not known."""
    restock: list[str] | None = None
    """The discard pile but its top, in the order the service shuffled it, should the draw
    need a new stock (M13); the domain draws no random number."""


class DiscardCard(Command, frozen=True, kw_only=True, tag="discard_card"):
    seat: int
    card: str
    suit: str | None = None


class PassTurn(Command, frozen=True, kw_only=True, tag="pass_turn"):
    seat: int


StockCommand = DealStock | DrawCards | DiscardCard | PassTurn

STOCK_COMMANDS = StockCommand.__args__
