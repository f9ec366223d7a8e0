"""The decks of the games dealt from two: 104 cards, and Mega Buraco's 108 with its jokers."""

from domain.cards.cards import DECK_52

JOKER = "JK"
"""The coringão of a deck with jokers (MB1): rank-less and always wild."""
DECK_104: tuple[str, ...] = DECK_52 + DECK_52
"""Two decks of 52: the codes repeat, the cards are interchangeable."""
DECK_108: tuple[str, ...] = DECK_104 + (JOKER,) * 4
