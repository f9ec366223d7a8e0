"""Where a wild stands in a meld on the table, and how it moves (card-rules.md B3-B5, B23;
MB1, MB2, T1, T3).

A run on the table is read once, when laid, and its reading changes only as B5 says:

- one wild a meld (B3, MB2, T3); a 2 of the run's suit in its own place is natural (B4);
- the client names what an ambiguous wild stands for (`wild_as`, a rank); without it, a
  wild that could stand at either end of the run stands at the high end (above its highest
  card), at the low end only when the high end is closed, and a 2 of the run's suit that
  can stand in its own place does (the reading with the fewest wilds);
- the wild stays where it stands until the card it stands for arrives; then it moves to
  the low or the high side of the run (`wild_to`, needed when both are open; a gap the
  addition leaves is filled by it without a word), and a 2 of the run's suit that thereby
  comes to its own place becomes natural (a suja may become limpa);
- the naturals never move: an addition never re-reads a wild as a natural nor a natural
  as a wild.

A run's places go from 1 (the ace low) to 14 (the ace high). A set's wild (Mega Buraco's
trincas, Tranca's lavadeiras) stands for the set's rank: nothing to name, nothing moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Literal

from domain.cards.cards import RANKS, rank_of, suit_of
from domain.cards.melds.decks import JOKER
from domain.cards.melds.meld import meld_of
from domain.cards.melds.rules import CANASTRA, Canastra, MeldRules
from domain.errors import InvalidInput

End = Literal["low", "high"]
PLACES = {rank: n for n, rank in enumerate(RANKS, start=1)}
"""A run's place of a rank (the ace low: 1; high: 14)."""


def rank_at(place: int) -> str:
    return "A" if place == 14 else RANKS[place - 1]


@dataclass(frozen=True)
class Run:
    """A run as it lies on the table: its suit, its lowest place and length, and its one
    wild (the card, and the place it stands for), if it has one."""

    suit: str
    low: int
    length: int
    wild: str | None = None
    wild_at: int | None = None

    @property
    def high(self) -> int:
        return self.low + self.length - 1

    @property
    def canastra(self) -> Canastra | None:
        """Seven cards or more: limpa without a wild, suja with one; A to A clean, de mil."""
        if self.length < CANASTRA:
            return None
        if self.wild is not None:
            return "suja"
        return "mil" if self.length == 14 else "limpa"

    def natural_at(self, place: int) -> str:
        return rank_at(place) + self.suit


@dataclass(frozen=True)
class Move:
    """A reading of a meld after a move: the run, and what the move did with its wild."""

    run: Run
    moved: End | None = None
    """The meld's wild moved, its card having arrived: to the low or the high side."""
    placed: bool = False
    """This move decided where the wild stands (a new wild, or the wild moved)."""


def _wild_capable(card: str, rules: MeldRules) -> bool:
    return card == JOKER or card in rules.wilds


def _fits(low: int, high: int, rules: MeldRules) -> bool:
    """B2, MB4, T1: within the rules' places; both aces only as A..K..A (Buraco)."""
    if low < rules.lowest or high > rules.highest or high - low + 1 > rules.longest:
        return False
    return rules.ace_to_ace or not (low == 1 and high == 14)


def readings(cards: Sequence[str], rules: MeldRules) -> list[Run]:
    """Every way these cards lie as a run with one wild at most: which card is the wild (a
    joker, any 2; a 2 of the run's suit only when not in its own place), where each ace
    goes, where the wild stands."""
    if not rules.runs or len(cards) < 3:
        return []
    able = {c for c in cards if _wild_capable(c, rules)}
    plain = {suit_of(c) for c in cards if c not in able}
    if len(plain) != 1:
        return []
    (suit,) = plain
    own_two = "2" + suit
    found: list[Run] = []
    for wild in (None, *sorted(able)):
        naturals = list(cards)
        if wild is not None:
            naturals.remove(wild)
        if any(c in able and c != own_two for c in naturals):
            continue  # a joker, or a 2 of another suit, is never natural
        found += _placed(naturals, wild, suit, len(cards), rules)
    return found


def _placed(
    naturals: list[str], wild: str | None, suit: str, length: int, rules: MeldRules
) -> Iterable[Run]:
    fixed = [PLACES[rank_of(c)] for c in naturals if rank_of(c) != "A"]
    aces = len(naturals) - len(fixed)
    if aces > 2:
        return
    for ace_places in set(product((1, 14), repeat=aces)):
        places = sorted([*fixed, *ace_places])
        if len(set(places)) != len(places):
            continue
        first, last = places[0], places[-1]
        span = last - first + 1
        if wild is None:
            spots: list[int | None] = [None] if span == length else []
        elif span == length:
            spots = [p for p in range(first, last + 1) if p not in places]
        elif span == length - 1:
            spots = [first - 1, last + 1]
        else:
            spots = []
        for spot in spots:
            low = first if spot is None else min(first, spot)
            if not _fits(low, low + length - 1, rules):
                continue
            if wild is not None and spot == 2 and wild == "2" + suit:
                continue  # a 2 in its own place is natural (B4)
            yield Run(suit, low, length, wild, spot)


def run_of(cards: Sequence[str], low: int, wild_at: int | None, rules: MeldRules) -> Run:
    """The run a meld's cards make, laid from `low` with its wild at `wild_at` (as its
    events say)."""
    suit = next(suit_of(c) for c in cards if not _wild_capable(c, rules))
    if wild_at is None:
        return Run(suit, low, len(cards))
    rest = list(cards)
    for place in range(low, low + len(cards)):
        if place != wild_at:
            rest.remove(rank_at(place) + suit)
    (wild,) = rest
    return Run(suit, low, len(cards), wild, wild_at)


@dataclass(frozen=True)
class Layout:
    """A meld on the table after a move: its canastra, and a run's lowest place and the
    place its wild stands for (both None for a set)."""

    canastra: Canastra | None
    low: int | None = None
    wild_at: int | None = None


def _layout(run: Run) -> Layout:
    return Layout(run.canastra, run.low, run.wild_at)


def lay(cards: Sequence[str], rules: MeldRules, wild_as: str | None) -> Layout:
    """A new meld: a run with its wild where `wild_as` says (or by the default reading), or
    a set; `invalid-meld` when it is neither."""
    runs = readings(cards, rules)
    if not runs:  # a set (no meld is both: one wild leaves two naturals), or invalid-meld
        read = meld_of(cards, rules)
        if read.kind != "set":
            raise InvalidInput("invalid-meld", f"{' '.join(cards)} is no meld these rules allow")
        _set_word(read.wilds, rank_at(read.low), wild_as)
        return Layout(read.canastra)
    moves = [Move(run, placed=run.wild is not None) for run in runs]
    return _layout(_chosen(moves, wild_as, None))


def add(
    cards: Sequence[str],
    low: int | None,
    wild_at: int | None,
    added: Sequence[str],
    rules: MeldRules,
    wild_as: str | None = None,
    wild_to: End | None = None,
) -> Layout:
    """Cards added to a meld laid from `low` with its wild at `wild_at` (a set: None)."""
    if low is None:
        set_addition(cards, added, rules, wild_as, wild_to)
        return Layout(meld_of([*cards, *added], rules).canastra)
    run = run_of(cards, low, wild_at, rules)
    return _layout(grown(run, cards, added, rules, wild_as, wild_to))


def read_before(cards: Sequence[str], rules: MeldRules) -> Layout:
    """A meld of the events written before B5 was built (no `low`): the default reading of
    all its cards, as those events read it (the fewest wilds), the wild at its highest
    place."""
    read = meld_of(cards, rules)
    if read.kind == "set":
        return Layout(read.canastra)
    moves = [Move(run) for run in readings(cards, rules)]
    return _layout(_chosen(moves, None, None))


def grown(
    run: Run,
    cards: Sequence[str],
    added: Sequence[str],
    rules: MeldRules,
    wild_as: str | None,
    wild_to: End | None,
) -> Run:
    """A run with `added` cards: its naturals stay, its wild stays unless the card it
    stands for arrives (then it moves to the low or the high side), at most one wild."""
    moves = [
        move
        for reading in readings([*cards, *added], rules)
        if (move := _kept(run, reading)) is not None
    ]
    if not moves:
        raise InvalidInput("invalid-meld", _why_not(run, added, rules))
    return _chosen(moves, wild_as, wild_to)


def set_addition(
    cards: Sequence[str],
    added: Sequence[str],
    rules: MeldRules,
    wild_as: str | None,
    wild_to: End | None,
) -> None:
    """A set (a trinca, a lavadeira) added to: still a set; its wild stands for its rank and
    never moves (`wild_to` means nothing here)."""
    before = meld_of(cards, rules)
    after = meld_of([*cards, *added], rules)
    if after.kind != "set" or after.low != before.low:
        raise InvalidInput("invalid-meld", "a trinca takes cards of its rank, or one wild")
    if wild_to is not None:
        raise InvalidInput("invalid-meld", "a trinca's wild never moves: send no wild_to")
    _set_word(after.wilds - before.wilds, rank_at(after.low), wild_as)


def _set_word(new_wilds: int, rank: str, wild_as: str | None) -> None:
    if wild_as is None:
        return
    if not new_wilds:
        raise InvalidInput("invalid-meld", "wild_as names a wild this move lays: it lays none")
    if wild_as != rank:
        raise InvalidInput("invalid-meld", f"a wild in a trinca of {rank} stands for a {rank}")


def _kept(old: Run, new: Run) -> Move | None:
    """The new reading as an addition to the old run, or None when it moves a natural, or
    moves the wild (or turns it natural) without the card it stands for."""
    if new.suit != old.suit or new.low > old.low or new.high < old.high:
        return None
    for place in range(old.low, old.high + 1):
        if place != old.wild_at and place == new.wild_at:
            return None  # a natural read as the wild
    if old.wild is None:
        return Move(new, placed=new.wild is not None)
    if new.wild_at == old.wild_at:  # the wild stays; no other may come
        return Move(new) if new.wild == old.wild else None
    assert old.wild_at is not None
    side: End = "low" if _went(old, new) < old.low else "high"
    return Move(new, moved=side, placed=True)


def _went(old: Run, new: Run) -> int:
    """The place the old wild went to when its card arrived: where the new wild stands, or
    a 2's own place (it became natural)."""
    if new.wild == old.wild and new.wild_at is not None:
        return new.wild_at
    return 2


def _chosen(moves: list[Move], wild_as: str | None, wild_to: End | None) -> Run:
    """The client's words first; then B5's rules: the wild stays unless the client moves
    it, `wild_to` when it could go either way; then the default reading (fewest wilds, the
    wild at the highest place)."""
    if not moves:
        raise InvalidInput("invalid-meld", "these cards make no run the rules allow")
    if wild_as is not None:
        if not any(m.placed for m in moves):
            raise InvalidInput("invalid-meld", "wild_as names a wild this move lays: it lays none")
        moves = [m for m in moves if m.placed and _stands_for(m.run) == wild_as]
        if not moves:
            raise InvalidInput("invalid-meld", f"the wild cannot stand for a {wild_as} here")
    if wild_to is not None:
        if not any(m.moved for m in moves):
            raise InvalidInput(
                "invalid-meld", "wild_to moves the meld's wild when its card arrives: none moves"
            )
        moves = [m for m in moves if m.moved == wild_to]
        if not moves:
            raise InvalidInput("invalid-meld", f"the wild cannot go to the {wild_to} side")
    staying = [m for m in moves if m.moved is None]
    moves = staying or moves
    if len({m.moved for m in moves}) > 1:
        raise InvalidInput(
            "wild-to-required",
            "the card the wild stood for arrived and both ends are open: say where the wild "
            'goes, "wild_to": "low" or "high" (B5)',
        )
    best = min(moves, key=lambda m: (m.run.wild is not None, -(m.run.wild_at or 0), -m.run.low))
    return best.run


def _stands_for(run: Run) -> str | None:
    return None if run.wild_at is None else rank_at(run.wild_at)


def _why_not(run: Run, added: Sequence[str], rules: MeldRules) -> str:
    cards = " ".join(added)
    wilds = sum(_wild_capable(c, rules) for c in added)
    if run.wild is not None and wilds:
        return (
            f"{cards} cannot join this run: it holds its one wild ({run.wild} as "
            f"{run.natural_at(run.wild_at or 0)}), and a meld holds one wild (B3)"
        )
    return f"{cards} cannot join this run where its cards stand"


def shown(
    cards: Sequence[str], low: int | None, wild_at: int | None, rules: MeldRules
) -> dict[str, str | None] | None:
    """A meld's wild as the view shows it: the card, the rank it stands for (as `wild_as`
    names it), and the end of the run it stands at (None: inside, or a set)."""
    if low is None:
        read = meld_of(cards, rules)
        rank = rank_at(read.low)
        wild = next((c for c in cards if c == JOKER or rank_of(c) != rank), None)
        return None if wild is None else {"card": wild, "as": rank, "end": None}
    if wild_at is None:
        return None
    run = run_of(cards, low, wild_at, rules)
    end = "low" if wild_at == run.low else "high" if wild_at == run.high else None
    return {"card": run.wild or "", "as": rank_at(wild_at), "end": end}
