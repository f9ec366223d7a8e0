"""What a client of Buraco, Mega Buraco or Tranca posts: a deal of hands and two mortos (Mega
Buraco's with its starter), a draw, a meld, an addition, a discard (Tranca's pile taken with
its top card melded, and its red 3 laid alone), and a hand's result: each side's count and
the side that went out. The family's bases, then each game's own bodies (`BuracoMove`,
`MegaBuracoMove`, `TrancaMove`, ...), with exactly its fields."""

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Annotated, ClassVar, Literal

from msgspec import Meta
from msgspec.structs import asdict

from domain.cards.buraco.commands import (
    AddToMeld,
    LayMeld,
    LayRedThree,
    RecordBuracoResult,
    SideTally,
    TakePile,
)
from domain.cards.stock.bodies import DiscardMove, StockCardCode, StockDeal
from domain.cards.stock.commands import DealStock, DiscardCard
from domain.match.bodies import Body, MalformedRequest, ResultBody
from domain.match.commands import Command

Mortos = Annotated[
    list[Annotated[list[StockCardCode], Meta(max_length=11)]],
    Meta(
        max_length=2,
        description="The two mortos of 11 cards, side A's (seat 0's) then side B's.",
    ),
]
MeldCards = Annotated[list[StockCardCode], Meta(max_length=14)]
Rank = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SideName = Annotated[str, Meta(max_length=1)]


class BuracoFamilyDeal(StockDeal, frozen=True, kw_only=True):
    """A posted deal: each seat's 11 cards, the two mortos, the stock when it is known."""

    posted: ClassVar[tuple[str, ...]] = ("hands", "stock", "mortos")

    mortos: Mortos | None = None

    def turned_up(self) -> str | None:
        """The card turned from the stock onto the pile (Mega Buraco's starter)."""
        return None


class BuracoFamilyMove(DiscardMove, frozen=True, kw_only=True):
    """A move at a table of Buraco's family: a draw, a meld, an addition or a discard."""

    modifiers: ClassVar[frozenset[str]] = frozenset({"to", "wild_as", "wild_to"})

    draw: Annotated[
        Literal["stock", "pile"] | None,
        Meta(description='"stock" (one card) or "pile" (the whole discard pile).'),
    ] = None
    meld: (
        Annotated[
            MeldCards,
            Meta(
                description="A new run of the seat's side: three cards or more of one suit, at "
                "most one 2 as a wild."
            ),
        ]
        | None
    ) = None
    add: (
        Annotated[MeldCards, Meta(description="Cards added to the side's meld number `to`.")] | None
    ) = None
    to: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=60,
                description="The side's meld to add to, numbered from 0 in the order laid.",
            ),
        ]
        | None
    ) = None
    discard: Annotated[
        StockCardCode | None,
        Meta(
            description="The card discarded: it ends the turn (and, emptying the hand, takes "
            "the morto or goes out)."
        ),
    ] = None
    wild_as: Annotated[
        Rank | None,
        Meta(
            description="The rank a meld's or an addition's one wild stands for, when it could "
            "stand for more than one (B5). Without it a wild at either end of a run stands at "
            "the high end, and a 2 of the run's suit that can stand in its own place does."
        ),
    ] = None
    wild_to: Annotated[
        Literal["low", "high"] | None,
        Meta(
            description="When an addition brings the card a run's wild stands for: where the "
            'wild goes, "low" or "high" (B5; needed when both ends are open: '
            "`wild-to-required`). A 2 of the run's suit that comes to its own place becomes "
            "natural."
        ),
    ] = None

    def laid_alone(self) -> str | None:
        """The red 3 the move lays alone (Tranca, T5); None: it lays none."""
        return None

    def words(self) -> frozenset[str]:
        """What the move says of its wild (B5)."""
        said = {"wild_as": self.wild_as is not None, "wild_to": self.wild_to is not None}
        return frozenset(word for word, yes in said.items() if yes)


class SideCount(Body, frozen=True, kw_only=True):
    """A side's count at the end of a hand."""

    melded: Annotated[int, Meta(ge=0, le=1000, description="The points of the cards it laid.")]
    limpa: Annotated[int, Meta(ge=0, le=14, description="Its canastras limpas.")] = 0
    suja: Annotated[int, Meta(ge=0, le=14, description="Its canastras sujas.")] = 0
    in_hand: Annotated[
        int, Meta(ge=0, le=1000, description="The points of the cards left in its hands.")
    ] = 0
    morto: Annotated[bool, Meta(description="It took its morto.")] = True


class BuracoFamilyResult(ResultBody, frozen=True, kw_only=True):
    """A whole hand by each side's count (B24)."""

    ended_by: (
        Annotated[
            str,
            Meta(max_length=1, description="The side that went out; null: the stock ran out."),
        ]
        | None
    ) = None
    sides: Annotated[
        Mapping[SideName, SideCount], Meta(max_length=2, description="Each side's count.")
    ]


def dealt(body: BuracoFamilyDeal, at: datetime) -> DealStock:
    return DealStock(
        at=at,
        hands=body.posted_hands(' (and the "mortos")'),
        dealer=body.dealer,
        starter=body.turned_up(),
        stock=body.stock,
        mortos=body.mortos,
    )


_MOVES = ("draw", "meld", "add", "discard")
_TAKE_PILE = 'Tranca takes the pile with its top card: "draw": "pile" and "meld" or "to"'


def moved(body: BuracoFamilyMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    """The command a move says (B5, B23; T5, T7), refused (400) as the shared request was."""
    said, words, seat = body.saying(), body.words(), body.seat
    if ("draw" in said and said & {"meld", "add"}) or (body.to is not None and "add" not in said):
        if body.draw != "pile" or said - {"draw", "meld"}:
            raise MalformedRequest(_TAKE_PILE)
        wild_words(words, body.to is not None)
        return TakePile(
            at=at, seat=seat, meld=body.meld, to=body.to, wild_as=body.wild_as, wild_to=body.wild_to
        )
    wild_words(words, "add" in said, "meld" in said)
    red_three = body.laid_alone()
    if red_three is not None:
        if said - {"red_three", "card", "cards"}:
            raise MalformedRequest('a red 3 is laid alone: "red_three" (and the "card" drawn)')
        replacement = body.cards or ([body.card] if body.card is not None else None)
        return LayRedThree(at=at, seat=seat, card=red_three, replacement=replacement)
    if "draw" in said:
        return body.drawn(at, restock, 'a Buraco draw sends "draw" (and the "card" drawn)')
    if len(said) != 1 or not said <= set(_MOVES) or (body.to is not None) != ("add" in said):
        names = ", ".join(f'"{name}"' for name in _MOVES)
        raise MalformedRequest(f'a Buraco move sends exactly one of {names} ("add" with "to")')
    if body.meld is not None:
        return LayMeld(at=at, seat=seat, cards=body.meld, wild_as=body.wild_as)
    if body.add is not None and body.to is not None:
        return AddToMeld(
            at=at, seat=seat, to=body.to, cards=body.add, wild_as=body.wild_as, wild_to=body.wild_to
        )
    assert body.discard is not None
    return DiscardCard(at=at, seat=seat, card=body.discard)


def wild_words(words: frozenset[str], adds: bool, melds: bool = True) -> None:
    """B5: `wild_as` goes with a meld or an addition, `wild_to` with an addition only (a new
    meld's wild has nowhere to move from)."""
    if "wild_to" in words and not adds:
        raise MalformedRequest('"wild_to" moves the wild of a meld added to: it goes with "add"')
    if "wild_as" in words and not (adds or melds):
        raise MalformedRequest('"wild_as" names a wild laid: it goes with "meld" or "add"')


def recorded(body: BuracoFamilyResult, at: datetime) -> RecordBuracoResult:
    return RecordBuracoResult(
        at=at,
        ended_by=body.ended_by,
        sides={side: SideTally(**asdict(count)) for side, count in body.sides.items()},
        started_at=body.started_at,
        played_at=body.played_at,
    )


# --- each game's own ------------------------------------------------------------------


class BuracoDeal(BuracoFamilyDeal, frozen=True, kw_only=True):
    """A Buraco deal: two decks without jokers, 11 cards each and two mortos of 11 (B22)."""


class MegaBuracoDeal(BuracoFamilyDeal, frozen=True, kw_only=True):
    """A Mega Buraco deal: two decks with their four jokers, 11 cards each, two mortos of 11
    and the starter turned onto the pile (MB5)."""

    posted: ClassVar[tuple[str, ...]] = ("hands", "stock", "mortos", "starter")

    starter: (
        Annotated[
            StockCardCode,
            Meta(
                description="The card turned from the stock to start the pile (the first player "
                "may take it, MB5)."
            ),
        ]
        | None
    ) = None

    def turned_up(self) -> str | None:
        return self.starter


class TrancaDeal(BuracoFamilyDeal, frozen=True, kw_only=True):
    """A Tranca deal: two decks without jokers, 11 cards each and two mortos of 11."""


class BuracoMove(BuracoFamilyMove, frozen=True, kw_only=True):
    """A Buraco move: a draw, a run laid, an addition, a discard."""


class MegaBuracoMove(BuracoFamilyMove, frozen=True, kw_only=True):
    """A Mega Buraco move: a draw, a run or a trinca laid, an addition, a discard."""

    meld: (
        Annotated[
            MeldCards,
            Meta(
                description="A new run or trinca of the seat's side (one trinca a rank; a 2 or a "
                'joker, "JK", as its one wild).'
            ),
        ]
        | None
    ) = None


class TrancaMove(BuracoFamilyMove, frozen=True, kw_only=True):
    """A Tranca move: a draw from the stock, the pile taken with its top card melded (T7), a
    run or a lavadeira laid, an addition, a red 3 laid alone (T5), a discard."""

    draw: Annotated[
        Literal["stock", "pile"] | None,
        Meta(
            description='"stock" (one card), or "pile" with "meld" or "to": the whole pile, its '
            "top card melded at once (T7)."
        ),
    ] = None
    card: Annotated[
        StockCardCode | None,
        Meta(
            description='With "draw" or "red_three": the card drawn (a red 3\'s replacement), '
            "named when no stock was posted."
        ),
    ] = None
    meld: (
        Annotated[
            MeldCards,
            Meta(
                description="A new run (4 to the ace) or lavadeira (a set of 4 to the ace, one a "
                'rank) of the seat\'s side, at most one 2 as a wild; with "draw": "pile", the '
                "pile's top card joins it."
            ),
        ]
        | None
    ) = None
    red_three: Annotated[
        Literal["3D", "3H"] | None,
        Meta(description="A red 3 laid alone; its replacement comes from the stock at once."),
    ] = None

    def laid_alone(self) -> str | None:
        return self.red_three

    def names_hidden_cards(self) -> bool:
        """A draw, or a red 3's replacement, that names its card: from a stock not posted."""
        return (self.draw is not None or self.red_three is not None) and self.named() is not None


class BuracoSideCount(SideCount, frozen=True, kw_only=True):
    """A Buraco side's count: its canastras de mil too (B12)."""

    mil: Annotated[int, Meta(ge=0, le=8, description="Its canastras de mil (A to A, B12).")] = 0


class MegaBuracoSideCount(SideCount, frozen=True, kw_only=True):
    """A Mega Buraco side's count: no canastra de mil (MB4)."""


class TrancaSideCount(SideCount, frozen=True, kw_only=True):
    """A Tranca side's count (every card 10, T4): no canastra de mil, its red 3s (T13)."""

    red_threes: Annotated[
        int, Meta(ge=0, le=4, description="Its red 3s (laid, or held at the end).")
    ] = 0


class BuracoResult(BuracoFamilyResult, frozen=True, kw_only=True):
    sides: Annotated[
        Mapping[SideName, BuracoSideCount],
        Meta(
            max_length=2,
            description="Each side's count: melded (points laid), limpa, suja, mil "
            "(canastras), in_hand (points left in its hands), morto (taken).",
        ),
    ]


class MegaBuracoResult(BuracoFamilyResult, frozen=True, kw_only=True):
    sides: Annotated[
        Mapping[SideName, MegaBuracoSideCount],
        Meta(
            max_length=2,
            description="Each side's count: melded, limpa, suja (no de mil), in_hand, morto.",
        ),
    ]


class TrancaResult(BuracoFamilyResult, frozen=True, kw_only=True):
    sides: Annotated[
        Mapping[SideName, TrancaSideCount],
        Meta(
            max_length=2,
            description="Each side's count: melded (every card 10), limpa, suja, in_hand, "
            "morto, red_threes.",
        ),
    ]
