"""A dominoes hand in progress: the deal, the line of tiles, the moves so far."""

import msgspec

from domain.dominoes.tiles import Tile
from domain.match.state import GameHand
from domain.table import End


class Ends(msgspec.Struct, frozen=True):
    left: int
    right: int


class Move(msgspec.Struct, frozen=True, kw_only=True):
    """A play (`tile` set) or a pass (`tile` None) in the current hand."""

    seat: int
    tile: Tile | None = None
    end: End | None = None


class Hand(GameHand, frozen=True, kw_only=True):
    """`hands` are secret at a real table: the service decides who sees them; `tiles_left`
    is the public part."""

    opening_tile: Tile | None
    """The tile the opener must lead with, or None when any tile may open."""
    deal: tuple[tuple[Tile, ...], ...]
    dorme: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    tiles_left: tuple[int, ...]
    board: tuple[Tile, ...] = ()
    """Tiles laid, in order from the left end to the right end."""
    ends: Ends | None = None
    moves: tuple[Move, ...] = ()
