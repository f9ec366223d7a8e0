"""Poker hand ranking: the best five-card hand among 5, 6 or 7 cards, for the 52-card deck and
the short decks of poker fechado (7..A, 6..A, 5..A, 4..A). Pure Python, no I/O."""

from collections.abc import Mapping, Sequence

from domain.cards.cards import RANKS, SUITS

HandRank = tuple[int, ...]
"""Comparable: a larger tuple is a better hand; equal tuples split the pot. First element is the
category index (flush and full house swap indexes under `flush_beats_full_house`)."""

CATEGORIES: tuple[str, ...] = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "royal-flush",
)

NAMES_PT: dict[str, str] = {
    "high-card": "nada",
    "pair": "um par",
    "two-pair": "dois pares",
    "three-of-a-kind": "trinca",
    "straight": "sequência",
    "flush": "flush",
    "full-house": "full house",
    "four-of-a-kind": "quadra",
    "straight-flush": "straight flush",
    "royal-flush": "royal straight flush",
}

_HIGH, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF, _ROYAL = range(10)

_RANK_VALUE = {rank: value for value, rank in enumerate(RANKS[1:], start=2)} | {"A": 14}

# A hand is one int: 13 bits a suit, bit (rank - 2) within the suit's block.
_BIT: dict[str, int] = {
    rank + suit: 1 << (13 * s + _RANK_VALUE[rank] - 2)
    for s, suit in enumerate(SUITS)
    for rank in RANKS
}
_BIT_OF = _BIT.__getitem__
_POP = bytes(m.bit_count() for m in range(1 << 13))


def _top_five() -> tuple[tuple[int, ...], ...]:
    """Rank mask -> its (up to) five highest ranks, descending."""
    table: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << 13):
        high = mask.bit_length() - 1
        table.append((high + 2, *table[mask ^ (1 << high)][:4]))
    return tuple(table)


_TOP5 = _top_five()

_STRAIGHTS: dict[int, bytes] = {}


def _straights(low: int) -> bytes:
    """Rank mask -> top of its best straight (0 if none), the ace also just below `low`."""
    if not isinstance(low, int) or not 2 <= low <= 7:
        raise ValueError(f"low must be the deck's lowest rank, 2 to 7, not {low!r}")

    def span(first: int, last: int) -> int:
        return sum(1 << (r - 2) for r in range(first, last + 1))

    patterns = [(top, span(top - 4, top)) for top in range(6, 15)]
    patterns.append((low + 3, span(14, 14) | span(low, low + 3)))
    patterns.sort(reverse=True)
    table = bytearray(1 << 13)
    for mask in range(1 << 13):
        for top, pattern in patterns:
            if mask & pattern == pattern:
                table[mask] = top
                break
    _STRAIGHTS[low] = bytes(table)
    return _STRAIGHTS[low]


def hand_rank(
    cards: Sequence[str], *, low: int = 2, flush_beats_full_house: bool = False
) -> HandRank:
    """The best five-card hand among 5, 6 or 7 cards (Texas Hold'em: 2 hole + 5 board; poker
    fechado: 5)."""
    n = len(cards)
    if n < 5 or n > 7:
        raise ValueError(f"a hand has 5 to 7 cards, not {n}")
    try:
        hand = sum(map(_BIT_OF, cards))
    except (KeyError, TypeError):
        raise ValueError(f"unknown card in {list(cards)!r}") from None
    # A repeated card carries into another bit, so fewer bits than cards.
    if hand.bit_count() != n:
        raise ValueError(f"repeated card in {list(cards)!r}")
    return rank_of_bits(hand, low, flush_beats_full_house)


def bits_of(cards: Sequence[str]) -> int:
    """Cards as the evaluator holds them (13 bits a suit): a board's, added once to each
    seat's hole cards' (`rank_of_bits`), spares reading the board again for every seat."""
    return sum(map(_BIT_OF, cards))


def ranks_of(
    hands: Mapping[int, Sequence[str]],
    board: Sequence[str] = (),
    *,
    low: int = 2,
    flush_beats_full_house: bool = False,
) -> dict[int, HandRank]:
    """Each seat's best hand of its cards and the board (read once for every seat): a
    showdown's ranks. The cards are taken to be distinct (the deal and the moves check it)."""
    shared = bits_of(board)
    return {
        seat: rank_of_bits(shared + bits_of(cards), low, flush_beats_full_house)
        for seat, cards in hands.items()
    }


def rank_of_bits(hand: int, low: int = 2, flush_beats_full_house: bool = False) -> HandRank:
    """`hand_rank` of 5 to 7 distinct cards given as `bits_of` them (unchecked)."""
    straights = _STRAIGHTS.get(low) or _straights(low)
    s0 = hand & 0x1FFF
    s1 = hand >> 13 & 0x1FFF
    s2 = hand >> 26 & 0x1FFF
    s3 = hand >> 39
    # With at most 7 cards a flush excludes quads and full house, so it is decided first.
    if _POP[s0] >= 5:
        flush = s0
    elif _POP[s1] >= 5:
        flush = s1
    elif _POP[s2] >= 5:
        flush = s2
    elif _POP[s3] >= 5:
        flush = s3
    else:
        flush = 0
    if flush:
        top = straights[flush]
        if top == 14:
            return (_ROYAL, 14)
        if top:
            return (_SF, top)
        return (_FULL if flush_beats_full_house else _FLUSH, *_TOP5[flush])
    # Ranks held at least once, twice, three and four times.
    lo = s0 | s1
    hi = s2 | s3
    a = s0 & s1
    b = s2 & s3
    once = lo | hi
    twice = a | b | (lo & hi)
    thrice = (a & hi) | (b & lo)
    if a & b:
        quad = (a & b).bit_length() + 1
        return (_QUADS, quad, (once ^ (a & b)).bit_length() + 1)
    top = straights[once]
    if thrice:
        trips = thrice.bit_length() + 1
        # Two trips leave the lower one in `twice`: the full house takes it as its pair.
        pair = twice ^ (1 << (trips - 2))
        if pair:
            full = _FLUSH if flush_beats_full_house else _FULL
            return (full, trips, pair.bit_length() + 1)
        if not top:
            return (_TRIPS, trips, *_TOP5[once ^ thrice][:2])
    if top:
        return (_STRAIGHT, top)
    if twice:
        high = twice.bit_length() + 1
        rest = twice ^ (1 << (high - 2))
        if rest:
            second = rest.bit_length() + 1
            pairs = (1 << (high - 2)) | (1 << (second - 2))
            return (_TWO_PAIR, high, second, (once ^ pairs).bit_length() + 1)
        return (_PAIR, high, *_TOP5[once ^ twice][:3])
    return (_HIGH, *_TOP5[once])


def category(rank: HandRank) -> str:
    """The CATEGORIES name of a rank, in either flush mode (a flush has five ranks after its
    index, a full house two)."""
    index = rank[0]
    if index in (_FLUSH, _FULL):
        return "flush" if len(rank) == 6 else "full-house"
    return CATEGORIES[index]


def best_five(
    cards: Sequence[str], *, low: int = 2, flush_beats_full_house: bool = False
) -> tuple[str, ...]:
    """The five cards that make hand_rank, read off the rank itself (no search)."""
    rank = hand_rank(cards, low=low, flush_beats_full_house=flush_beats_full_house)
    kind = category(rank)
    if kind in ("flush", "straight-flush", "royal-flush"):
        suits = [c[-1] for c in cards]
        suit = max(set(suits), key=suits.count)
        suited = {_RANK_VALUE[c[:-1]]: c for c in cards if c[-1] == suit}
        if kind == "flush":
            return tuple(suited[v] for v in rank[1:6])
        return tuple(suited[v] for v in _straight_ranks(rank[1], low))
    by_rank: dict[int, list[str]] = {}
    for card in cards:
        by_rank.setdefault(_RANK_VALUE[card[:-1]], []).append(card)
    if kind == "straight":
        return tuple(by_rank[v][0] for v in _straight_ranks(rank[1], low))
    ranks = rank[1:]
    return tuple(c for v, n in zip(ranks, _GROUPS[kind], strict=False) for c in by_rank[v][:n])


_GROUPS: dict[str, tuple[int, ...]] = {
    "four-of-a-kind": (4, 1),
    "full-house": (3, 2),
    "three-of-a-kind": (3, 1, 1),
    "two-pair": (2, 2, 1),
    "pair": (2, 1, 1, 1),
    "high-card": (1, 1, 1, 1, 1),
}
"""How many cards of each rank of a rank tuple (after its category) make the five."""


def _straight_ranks(top: int, low: int) -> tuple[int, ...]:
    """The five ranks of the straight to `top`: the ace last when it plays low (P9, H8)."""
    if top == low + 3:
        return (top, top - 1, top - 2, top - 3, 14)
    return (top, top - 1, top - 2, top - 3, top - 4)


def beats(a: HandRank, b: HandRank) -> bool:
    """Whether hand `a` wins against hand `b` (equal ranks split)."""
    return a > b
