"""Cards, written "<rank><suit>": rank A 2 3 4 5 6 7 8 9 10 J Q K, suit C D H S
(paus, ouros, copas, espadas): "7H", "10S", "AC", in capitals only (domain/codes.py, C1).
Decks are tuples of card codes."""

from collections.abc import Iterable
from typing import Annotated

from msgspec import Meta

from domain.codes import CARD_CODE, card_code
from domain.codes import RANKS as RANKS
from domain.codes import SUITS as SUITS
from domain.errors import InvalidInput

SUIT_NAMES = {"C": "paus", "D": "ouros", "H": "copas", "S": "espadas"}
CARD_PATTERN = CARD_CODE
Card = Annotated[str, Meta(pattern=CARD_PATTERN, examples=["7H", "10S", "AC"])]

DECK_52: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_40: tuple[str, ...] = tuple(
    rank + suit for suit in SUITS for rank in RANKS if rank not in ("8", "9", "10")
)
"""The Spanish-style 40-card deck: no 8, 9, 10 (nor jokers)."""

parse_card = card_code
"""The card a text writes, in capitals only ("7h" is refused): else `invalid-card` (C1)."""


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


_KNOWN: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}
"""Each deck's cards as a set, by the deck's identity (a deck is a constant: hashing its
tuple on every move would cost more than the lookup). Each entry keeps its deck alive, so
a deck built anew on each call would add one every time: past `_DECKS_KEPT` it starts
again."""
_DECKS_KEPT = 64


def in_deck(cards: Iterable[str], deck: tuple[str, ...], what: str) -> tuple[str, ...]:
    """The cards as written, each refused (`invalid-card`) unless this game's deck has it."""
    entry = _KNOWN.get(id(deck))
    if entry is None or entry[0] is not deck:
        if len(_KNOWN) >= _DECKS_KEPT:
            _KNOWN.clear()
        entry = _KNOWN[id(deck)] = (deck, frozenset(deck))
    known = entry[1]
    out = []
    for text in cards:
        card = text if text in known else parse_card(text)
        if card not in known:
            raise InvalidInput("invalid-card", f"{card} is not in the {what} deck")
        out.append(card)
    return tuple(out)
