"""What a client may say when it deals, moves or records a hand's result, in any game.

One shape per kind of request, with every game's fields; each game reads the fields it
knows into its own command and refuses a request that does not say one thing it can do
(`MalformedRequest`, told to clients as a bad body).
"""

from datetime import datetime
from typing import Literal

import msgspec

from domain.errors import InvalidInput
from domain.match.state import PerTeam
from domain.table import End, Team


class HandRequest(msgspec.Struct, frozen=True, kw_only=True):
    """A posted deal."""

    hands: list[list[str]]
    dorme: list[str] | None = None
    dealer: int | None = None
    trump_card: str | None = None
    vira: str | None = None
    starter: str | None = None
    stock: list[str] | None = None
    mortos: list[list[str]] | None = None
    dealt: list[int] | None = None
    """Betting games: the seats dealt in ("in"; all with chips when not said)."""
    stacks: list[int] | None = None
    """Betting games: every seat's chips, on the first hand or to top a stack up."""
    board: list[str] | None = None
    """Texas Hold'em: the five board cards, in the order they are turned."""


class MoveRequest(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    tile: str | None = None
    end: End | None = None
    pass_: bool = False
    card: str | None = None
    covered: bool = False
    call: Literal["truco", "seis", "nove", "doze"] | None = None
    accept: bool = False
    run: bool = False
    redeal: bool = False
    bid: int | Literal["nil", "double_nil"] | None = None
    give: list[str] | None = None
    draw: Literal["stock", "pile"] | None = None
    cards: list[str] | None = None
    suit: str | None = None
    mau_mau: bool = False
    accuse: bool = False
    meld: list[str] | None = None
    add: list[str] | None = None
    to: int | None = None
    discard: str | None = None
    red_three: str | None = None
    go_out: list[list[str]] | None = None
    na_boa: bool = False
    furar: bool = False
    burned: bool = False
    check: bool = False
    bet_to: int | None = None
    cover: bool = False
    fold: bool = False
    all_in: bool = False
    exchange: list[str] | None = None
    received: list[str] | None = None
    board: list[str] | None = None
    restock: list[str] | None = None
    """Not the client's: the service's shuffle of the cards a new stock would take
    (`Game.restock`), should the draw need one."""

    def saying(self) -> frozenset[str]:
        """The things this request asks for (a game wants exactly one of its own)."""
        said = {
            "tile": self.tile is not None,
            "pass": self.pass_,
            "card": self.card is not None,
            "call": self.call is not None,
            "accept": self.accept,
            "run": self.run,
            "redeal": self.redeal,
            "bid": self.bid is not None,
            "give": self.give is not None,
            "draw": self.draw is not None,
            "cards": self.cards is not None,
            "mau_mau": self.mau_mau,
            "accuse": self.accuse,
            "meld": self.meld is not None,
            "add": self.add is not None,
            "discard": self.discard is not None,
            "go_out": self.go_out is not None,
            "red_three": self.red_three is not None,
            "na_boa": self.na_boa,
            "furar": self.furar,
            "burned": self.burned,
            "check": self.check,
            "bet_to": self.bet_to is not None,
            "cover": self.cover,
            "fold": self.fold,
            "all_in": self.all_in,
            "exchange": self.exchange is not None,
            "board": self.board is not None,
        }
        return frozenset(name for name, yes in said.items() if yes)


class SideTally(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A side's count at the end of a rummy hand recorded by its result (Buraco)."""

    melded: int
    """The points of the cards it laid down."""
    limpa: int = 0
    suja: int = 0
    mil: int = 0
    """Its canastras of each kind."""
    in_hand: int = 0
    """The points of the cards left in its players' hands."""
    morto: bool = True
    """It took its morto."""
    red_threes: int = 0
    """Tranca: its red 3s (laid, or held at the end)."""


class ResultRequest(msgspec.Struct, frozen=True, kw_only=True):
    """A whole hand recorded by its result."""

    outcome: Literal["batida", "bloqueio"] | None = None
    seat: int | None = None
    kind: Literal["simples", "carroca", "la-e-lo", "cruzada"] | None = None
    sums: PerTeam | None = None
    points: PerTeam | list[int] | None = None
    """Per team (Sueca), or per seat in seat order (Copas)."""
    tricks: PerTeam | list[int] | None = None
    """Per team (Sueca), or per seat in seat order (Espadas)."""
    bids: list[int | Literal["nil", "double_nil"]] | None = None
    winner: Team | int | None = None
    """A team (Truco), or the seat that went out (Mau Mau)."""
    cards_left: list[list[str]] | None = None
    """The cards each seat held at the end, in seat order (Mau Mau)."""
    ended_by: str | None = None
    """The side that went out (Buraco), none when the stock ran out."""
    sides: dict[str, SideTally] | None = None
    """Each side's count (Buraco)."""
    cards: int | None = None
    """The cards of a batida: 9 or 10 (Cacheta)."""
    void: bool = False
    """A round nobody went out of (Cacheta: the stock ran out)."""
    net: dict[str, int] | None = None
    """The chips each seat won or lost, keyed by seat, summing to 0 (poker)."""
    stacks: list[int] | None = None
    """Poker: every seat's chips before the hand, on the first hand or a top-up."""
    value: int | None = None
    tie: bool = False
    started_at: datetime | None = None
    played_at: datetime | None = None


def one_of(request: MoveRequest, allowed: tuple[str, ...], game: str) -> str:
    """The one thing the move says, among those this game knows."""
    said = request.saying()
    if len(said) != 1 or not said <= set(allowed):
        names = ", ".join(f'"{a}"' for a in allowed)
        raise MalformedRequest(f"a {game} move sends exactly one of {names}")
    return next(iter(said))


class MalformedRequest(InvalidInput):
    """The request does not say one thing this game can do: a bad body, not a bad move."""

    def __init__(self, message: str) -> None:
        super().__init__("invalid-body", message)
