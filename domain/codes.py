"""How a card or a tile is written, in every body and every event: one spelling, anything
else refused (C1, D1). The API's bodies check these patterns when they are read; the domain
parses with `card_code` and `tile_code`; both are this one grammar, and
tests/domain/test_codes.py checks that the patterns and the functions agree.

A card is its rank then its suit, in capitals ("7H", "10S", "AC"); "JK" is a joker (only
Mega Buraco's deck holds one). A tile is "a-b", two numbers 0 to 6, in either order ("5-3"
is the tile "3-5", D1)."""

from typing import Annotated, Final

from msgspec import Meta

from domain.errors import InvalidInput

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("C", "D", "H", "S")
JOKER: Final = "JK"

_RANK = "(A|[2-9]|10|J|Q|K)"
_SUIT = "[CDHS]"
_TILE = "[0-6]-[0-6]"
CARD_CODE: Final = f"^{_RANK}{_SUIT}$"
"""A card of a 52-card deck."""
STOCK_CARD_CODE: Final = f"^({_RANK}{_SUIT}|{JOKER})$"
"""A card of a game dealt from two decks, whose jokers are "JK"."""
TILE_CODE: Final = f"^{_TILE}$"
PIECE_CODE: Final = f"^({_TILE}|{_RANK}{_SUIT}|{JOKER})$"
"""A tile or a card, as the game is played (a deal's hands)."""

CARD_SPELLING: Final = (
    'a card is written rank then suit, in capitals: ranks A 2-10 J Q K, suits C D H S (e.g. "7H", '
    '"10S")'
)
STOCK_CARD_SPELLING: Final = f'{CARD_SPELLING}, or "JK" for a joker'
TILE_SPELLING: Final = 'a tile is written "a-b", two numbers 0 to 6 (e.g. "3-5")'
PIECE_SPELLING: Final = f"{TILE_SPELLING}; {STOCK_CARD_SPELLING}"
EXPECTED: Final[dict[str, str]] = {
    CARD_CODE: CARD_SPELLING,
    STOCK_CARD_CODE: STOCK_CARD_SPELLING,
    TILE_CODE: TILE_SPELLING,
    PIECE_CODE: PIECE_SPELLING,
}
"""What each pattern expects, in words: how a body's refusal says it."""

CardCode = Annotated[
    str,
    Meta(
        pattern=CARD_CODE,
        description='A card "<rank><suit>": rank A 2-10 J Q K, suit C D H S, in capitals: "7H", '
        '"10S".',
        examples=["7H"],
    ),
]
StockCardCode = Annotated[
    str,
    Meta(
        pattern=STOCK_CARD_CODE,
        description='A card of a two-deck game: "<rank><suit>" in capitals, or "JK" for a joker.',
        examples=["7H"],
    ),
]
TileCode = Annotated[
    str,
    Meta(pattern=TILE_CODE, description='A tile "a-b", e.g. "3-5".', examples=["3-5"]),
]
"""The codes as a body's fields: read strictly, so a body refuses any other spelling."""

CARDS: Final = frozenset(rank + suit for suit in SUITS for rank in RANKS) | {JOKER}
_TILES: Final[dict[str, str]] = {
    f"{a}-{b}": f"{min(a, b)}-{max(a, b)}" for a in range(7) for b in range(7)
}


def card_code(text: object) -> str:
    """The card `text` writes, exactly as written; anything else is `invalid-card`."""
    if isinstance(text, str) and text in CARDS:
        return text
    raise InvalidInput("invalid-card", f"{text!r} is not a card: {STOCK_CARD_SPELLING}")


def tile_code(text: object) -> str:
    """The tile `text` writes, smaller number first ("5-3" is "3-5"); anything else is
    `invalid-tile`."""
    tile = _TILES.get(text) if isinstance(text, str) else None
    if tile is None:
        raise InvalidInput("invalid-tile", f"{text!r} is not a tile: {TILE_SPELLING}")
    return tile
