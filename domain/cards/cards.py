"""Cards, written "<rank><suit>": rank A 2 3 4 5 6 7 8 9 10 J Q K, suit C D H S
(paus, ouros, copas, espadas): "7H", "10S", "AC". Decks are tuples of card codes."""

from collections.abc import Iterable
from typing import Annotated

from msgspec import Meta

from domain.errors import InvalidInput

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SUIT_NAMES = {"C": "paus", "D": "ouros", "H": "copas", "S": "espadas"}
CARD_PATTERN = r"^(A|[2-9]|10|J|Q|K)[CDHS]$"
Card = Annotated[str, Meta(pattern=CARD_PATTERN, examples=["7H", "10S", "AC"])]

DECK_52: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_40: tuple[str, ...] = tuple(
    rank + suit for suit in SUITS for rank in RANKS if rank not in ("8", "9", "10")
)
"""The Spanish-style 40-card deck of Sueca and Truco: no 8, 9, 10 (nor jokers)."""

_NORMAL: dict[str, str] = {}
for _card in DECK_52:
    for _rank in {_card[:-1], _card[:-1].lower()}:
        for _suit in {_card[-1], _card[-1].lower()}:
            _NORMAL[_rank + _suit] = _card


for _joker in ("JK", "jk", "Jk", "jK"):
    _NORMAL[_joker] = "JK"  # a joker (Mega Buraco); only its deck holds it


def normalise(text: object) -> str:
    """Accept "7h" or "7H" and answer "7H", rank and suit in either case ("qH", "Qh"); anything
    else is `invalid-card` (C1)."""
    card = _NORMAL.get(text) if isinstance(text, str) else None
    if card is None:
        raise InvalidInput(
            "invalid-card",
            f"{text!r} is not a card: write rank then suit, ranks A 2-10 J Q K, suits C D H S "
            "(e.g. '7H', '10S')",
        )
    return card


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


_KNOWN: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}
"""Each deck's cards as a set, by the deck's identity (a deck is a constant: hashing its
tuple on every move would cost more than the lookup)."""


def in_deck(cards: Iterable[str], deck: tuple[str, ...], what: str) -> tuple[str, ...]:
    """The cards normalised, each refused (`invalid-card`) unless this game's deck has it."""
    entry = _KNOWN.get(id(deck))
    if entry is None or entry[0] is not deck:
        entry = _KNOWN[id(deck)] = (deck, frozenset(deck))
    known = entry[1]
    out = []
    for text in cards:
        card = text if text in known else normalise(text)
        if card not in known:
            raise InvalidInput("invalid-card", f"{card} is not in the {what} deck")
        out.append(card)
    return tuple(out)
