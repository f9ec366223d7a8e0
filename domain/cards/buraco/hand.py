"""A hand of Buraco's family: the stock engine's, with each side's melds, mortos and (Tranca)
red 3s; the sides; which variant a game plays; whose turn it is."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.cards.buraco.rules import BuracoRules, MegaBuracoRules, TrancaRules
from domain.cards.buraco.variant import BURACO, MEGA_BURACO, TRANCA, Variant
from domain.cards.melds.rules import Canastra
from domain.cards.stock.hand import StockHand
from domain.errors import IllegalMove
from domain.match.guards import check_turn, hand_of
from domain.match.state import Match

HAND_SIZE = 11
MORTO_SIZE = 11


class Laid(msgspec.Struct, frozen=True, kw_only=True):
    """A meld on the table: its cards as laid and added, its canastra once it is one, and a
    run's lowest place and its wild's (B5; None for a set)."""

    cards: tuple[str, ...]
    canastra: Canastra | None = None
    low: int | None = None
    wild_at: int | None = None


Melds = tuple[tuple[Laid, ...], tuple[Laid, ...]]
"""Each side's melds, side A's (seat 0's) first."""


class BuracoHand(StockHand, frozen=True, kw_only=True):
    melds: Melds = ((), ())
    """Each side's melds, side A's (seat 0's) first, numbered from 0 in the order laid."""
    mortos: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)
    """Each side's morto while it waits; None once taken or turned into the stock."""
    morto_taken: tuple[bool, bool] = (False, False)
    fresh_morto: tuple[int | None, int | None] = (None, None)
    """The seat that took its side's morto by its discard and has not played since (B13)."""
    red_threes: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Tranca: the red 3s each side has laid (T5)."""
    threes: bool = False
    """Tranca's 3s are in play: the black 3 locks the pile, the red 3s are laid."""
    variant: str = BURACO.title

    def placed(self) -> list[str]:
        laid = [card for side in self.melds for meld in side for card in meld.cards]
        red = [card for side in self.red_threes for card in side]
        return laid + red + [card for morto in self.mortos if morto for card in morto]

    def may_go_out(self, side: int, variant: Variant) -> bool:
        """Its morto waits for it, or it holds a canastra limpa (B9, B21: a de mil too; any
        canastra in Mega Buraco)."""
        if self.mortos[side] is not None:
            return True
        kinds = ("limpa", "mil") if variant.clean_to_go_out else ("limpa", "mil", "suja")
        return any(meld.canastra in kinds for meld in self.melds[side])


def side_of(seat: int) -> int:
    """0: side A (seats 0 and 2), or seat 0 at a table of two; 1: the other."""
    return seat % 2


def side_names(seats: int) -> tuple[str, str]:
    return ("A", "B") if seats == 4 else ("0", "1")


def on_side(pair: tuple[Any, Any], side: int, value: Any) -> tuple[Any, Any]:
    """The pair with this side's value replaced."""
    return (value, pair[1]) if side == 0 else (pair[0], value)


def rules_of(state: Match) -> BuracoRules | MegaBuracoRules | TrancaRules:
    if not isinstance(state.rules, BuracoRules | MegaBuracoRules | TrancaRules):
        raise ValueError("not a game of Buraco's family")
    return state.rules


def variant_of(state: Match) -> Variant:
    if isinstance(state.rules, MegaBuracoRules):
        return MEGA_BURACO
    return TRANCA if isinstance(state.rules, TrancaRules) else BURACO


def in_turn(state: Match, seat: int) -> tuple[BuracoHand, int]:
    """The hand, and the seat, which must be the one in turn."""
    hand = hand_of(state, BuracoHand)
    seat = state.table.check_seat(seat)
    check_turn(state, seat)
    return hand, seat


def check_drawn(hand: BuracoHand) -> None:
    if not hand.drew:
        raise IllegalMove("draw-first", "a turn begins with a draw: the stock or the pile")
