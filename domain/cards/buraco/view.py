"""A hand of Buraco's family in progress as a reader sees it: the stock engine's view, the
phase of the turn, each side's melds with their canastras and wilds, the mortos; Tranca's
red 3s and locked pile. All public but the hands and the stock (the stock family's)."""

import functools
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.cards.buraco.hand import BuracoHand, Laid, side_names
from domain.cards.buraco.variant import BLACK_THREES, VARIANTS
from domain.cards.buraco.wilds import shown as wild_shown
from domain.cards.stock.view import StockHandView, stock_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class WildInMeld(msgspec.Struct, frozen=True, kw_only=True):
    """A meld's one wild and what it stands for (B5)."""

    card: Annotated[str, Meta(description="The wild: a 2, or a joker (Mega Buraco).")]
    as_: Annotated[
        str, Meta(description='The rank it stands for ("10", "A"), as `wild_as` names it.')
    ] = msgspec.field(name="as")
    end: Annotated[
        Literal["low", "high"] | None,
        Meta(
            description="The end of the run it stands at (its card arriving, it moves to an "
            "end); null inside a run, or in a set."
        ),
    ] = None


class MeldOnTable(msgspec.Struct, frozen=True, kw_only=True):
    cards: Annotated[list[str], Meta(description="Its cards, as laid and added.")]
    canastra: Annotated[
        Literal["limpa", "suja", "mil"] | None,
        Meta(description='Once seven cards or more: "limpa", "suja", or (Buraco) "mil".'),
    ] = None
    wild: Annotated[
        WildInMeld | None, Meta(description="Its wild and where it stands; null: it has none.")
    ] = None


class BuracoFamilyView(StockHandView, frozen=True, kw_only=True):
    """What a hand of Buraco, Mega Buraco and Tranca shows beyond the stock family's."""

    phase: Annotated[
        Literal["draw", "play"],
        Meta(description='"draw" before the turn\'s draw, "play" after it.'),
    ]
    melds: Annotated[
        dict[str, list[MeldOnTable]],
        Meta(
            description='Each side\'s melds (by side: "A" and "B", or "0" and "1" at a '
            "table of two), in the order laid, numbered from 0 as `to` names them."
        ),
    ]
    morto_taken: Annotated[dict[str, bool], Meta(description="Each side has taken its morto.")]
    mortos_left: Annotated[int, Meta(description="The mortos still waiting.")]


class BuracoView(BuracoFamilyView, frozen=True, kw_only=True, tag="buraco"):
    """A Buraco hand in progress (`"game": "buraco"`)."""


class MegaBuracoView(BuracoFamilyView, frozen=True, kw_only=True, tag="mega-buraco"):
    """A Mega Buraco hand in progress (`"game": "mega-buraco"`): its pile starts with the
    starter."""


class TrancaView(BuracoFamilyView, frozen=True, kw_only=True, tag="tranca"):
    """A Tranca hand in progress (`"game": "tranca"`)."""

    red_threes: Annotated[dict[str, int], Meta(description="The red 3s each side has laid (T5).")]
    locked: Annotated[
        bool, Meta(description="A black 3 on top locks the pile for the seat in turn (T6).")
    ]


def _family_fields(hand: BuracoHand, seen: Seen) -> dict[str, Any]:
    names = side_names(hand.seats)
    return stock_fields(hand, seen) | {
        "phase": "play" if hand.drew else "draw",
        "melds": {
            names[side]: [_on_table(meld, hand.variant) for meld in hand.melds[side]]
            for side in (0, 1)
        },
        "morto_taken": {names[side]: hand.morto_taken[side] for side in (0, 1)},
        "mortos_left": sum(morto is not None for morto in hand.mortos),
    }


@functools.lru_cache(maxsize=16_384)
def _on_table(meld: Laid, variant: str) -> MeldOnTable:
    """A meld as the view shows it. Reading its wild parses the meld anew (meld_of), and
    every answer of a hand shows every meld on the table, most of them unchanged since the
    last answer: each is read once (issue 34: most of a Tranca answer's CPU)."""
    rules = VARIANTS[variant].melds
    return MeldOnTable(
        cards=list(meld.cards),
        canastra=meld.canastra,
        wild=_wild(wild_shown(meld.cards, meld.low, meld.wild_at, rules)),
    )


def _wild(shown: dict[str, str | None] | None) -> WildInMeld | None:
    return None if shown is None else msgspec.convert(shown, WildInMeld)


def buraco_view(hand: GameHand, seen: Seen) -> BuracoView:
    assert isinstance(hand, BuracoHand)
    return BuracoView(**_family_fields(hand, seen))


def mega_buraco_view(hand: GameHand, seen: Seen) -> MegaBuracoView:
    assert isinstance(hand, BuracoHand)
    return MegaBuracoView(**_family_fields(hand, seen))


def tranca_view(hand: GameHand, seen: Seen) -> TrancaView:
    assert isinstance(hand, BuracoHand)
    names = side_names(hand.seats)
    return TrancaView(
        **_family_fields(hand, seen),
        red_threes={names[side]: len(hand.red_threes[side]) for side in (0, 1)},
        locked=hand.top in BLACK_THREES,
    )
