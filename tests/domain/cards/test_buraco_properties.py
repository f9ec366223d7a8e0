"""Random legal Buraco games (hypothesis), alone at two and in partnerships at four, with
a known stock and without: every card once (stock + pile + hands + melds + mortos = the
two decks); every meld on the table a run the rules allow, at most one wild; the events
decode to themselves and fold to the same state (the fold equals the replay); each hand's
score the seed's count of its sides; the game's score the sum of its hands'; a finished
game's first place alone at the top, at or past the target."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import DomainError, HandEnded, decide, decode, encode, fold
from domain.cards.buraco.commands import AddToMeld, TakePile
from domain.cards.buraco.events import AddedToMeld, Melded, MortoTaken
from domain.cards.buraco.hand import BuracoHand, side_of, variant_of
from domain.cards.buraco.results import cards_value
from domain.cards.buraco.variant import Variant
from domain.cards.melds.meld import meld_of
from domain.cards.stock.commands import DiscardCard
from domain.cards.stock.events import CardsDrawn
from domain.errors import TellsAHand
from domain.match.events import MatchFinished
from tests.domain.builders import AT
from tests.domain.cards.buraco_play import created, next_move, random_deal, random_game

BONUS = {"limpa": 200, "suja": 100, "mil": 1000}


def check_table(hand: BuracoHand, variant: Variant) -> None:
    laid = [card for side in hand.melds for meld in side for card in meld.cards]
    laid += [card for side in hand.red_threes for card in side]
    mortos = [card for morto in hand.mortos if morto for card in morto]
    held = [card for cards in hand.hands for card in cards]
    on_table = Counter(held) + Counter(hand.pile) + Counter(laid) + Counter(mortos)
    deck = Counter(variant.deck)
    assert sum(on_table.values()) + hand.stock_count == len(variant.deck)
    if hand.stock is not None:
        assert on_table + Counter(hand.stock) == deck
    else:
        assert not on_table - deck
    for side in hand.melds:
        sets = []
        for meld in side:
            assert not variant.threes or not any(c[:-1] == "3" for c in meld.cards)  # T1, T6
            if meld.low is None:
                read = meld_of(meld.cards, variant.melds)
                assert read.kind == "set"
                assert variant.melds.sets
                assert read.wilds <= 1
                assert read.canastra == meld.canastra
                sets.append(read.low)
                continue
            check_run(meld.cards, meld.low, meld.wild_at, meld.canastra, variant)
        assert len(sets) == len(set(sets)), "one trinca a rank per side (Mega Buraco)"


def check_run(
    cards: tuple[str, ...], low: int, wild_at: int | None, canastra: str | None, variant: Variant
) -> None:
    """A run as it lies: one card a place from `low` on, each natural of the run's suit in
    its own place (the ace 1 or 14), one wild at most (a joker, or a 2 out of its place),
    within the rules' places; its canastra as its length and wild say (B2-B5, MB4, T1)."""
    rules = variant.melds
    ranks = ("A", *map(str, range(2, 11)), "J", "Q", "K", "A")
    suits = {c[-1] for c in cards if c != "JK" and c not in rules.wilds}
    assert len(suits) == 1
    (suit,) = suits
    places = range(low, low + len(cards))
    assert places[0] >= rules.lowest
    assert places[-1] <= rules.highest
    assert len(cards) <= rules.longest
    assert len(cards) >= 3
    naturals = Counter(ranks[p - 1] + suit for p in places if p != wild_at)
    wild = Counter(cards) - naturals
    assert sum(wild.values()) == (0 if wild_at is None else 1)
    assert not naturals - Counter(cards)
    if wild_at is not None:
        (card,) = wild
        assert card == "JK" or card in rules.wilds
        assert wild_at in places
        assert not (card == "2" + suit and wild_at == 2)
    kind = None if len(cards) < 7 else "suja" if wild_at else "mil" if len(cards) == 14 else "limpa"
    assert canastra == kind


def check_count(ended: HandEnded, seats: int, variant: Variant) -> None:
    """The seed's count: laid + canastras + batida - in hand - a morto never taken."""
    assert ended.details is not None
    assert ended.scores is not None
    names = ("A", "B") if seats == 4 else ("0", "1")
    for name in names:
        count = ended.details[name]
        bonus = sum(BONUS[kind] * count[kind] for kind in BONUS)
        expected = count["melded"] + bonus - count["in_hand"]
        expected += 100 if count["batida"] else 0
        expected -= 0 if count["morto"] else 100
        canastras = count["limpa"] + count["suja"] + count["mil"]
        expected += 100 * count.get("red_threes", 0) * (1 if canastras else -1)  # T8
        assert ("red_threes" in count) == variant.threes
        assert ended.scores[name] == expected
    went_out = [name for name in names if ended.details[name]["batida"]]
    assert went_out == ([] if ended.details["ended_by"] is None else [ended.details["ended_by"]])
    for name in went_out:
        count = ended.details[name]
        clean = count["limpa"] + count["mil"]
        needed = clean if variant.clean_to_go_out else clean + count["suja"]
        assert needed >= 1, "the final batida needs a canastra (limpa, but Mega Buraco's any)"


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.sampled_from([2, 4]),
    known=st.booleans(),
    preset=st.sampled_from(["buraco", "mega-buraco", "tranca"]),
)
def test_random_legal_games_keep_every_rule(
    seed: int, seats: int, known: bool, preset: str
) -> None:
    rng = random.Random(seed)
    state = created(seats, target=1200, preset=preset)
    variant = variant_of(state)
    events = []
    for _ in range(20_000):
        if state.status != "in_progress":
            break
        if state.hand is None:
            new = decide(random_deal(state, rng, known), state)
        else:
            _, new = next_move(state, rng)
        for event in new:
            again = decode(encode(event))
            assert again == event
            events.append(again)
            if isinstance(event, HandEnded):
                check_count(event, seats, variant)
            state = fold([again], state)
        if isinstance(state.hand, BuracoHand):
            check_table(state.hand, variant)
            assert state.turn == state.hand.turn
    assert state.status == "finished"
    assert fold(events, created(seats, target=1200, preset=preset)) == state
    hands = [e for e in events if isinstance(e, HandEnded)]
    names = ("A", "B") if seats == 4 else ("0", "1")
    assert state.score == {n: sum((h.scores or {})[n] for h in hands) for n in names}
    finished = next(e for e in events if isinstance(e, MatchFinished))
    top = max(state.score.values())
    assert top >= 1200
    assert finished.winner is not None
    assert state.score[finished.winner] == top
    assert sorted(state.score.values()).count(top) == 1


def test_the_games_reach_every_part_of_a_hand() -> None:
    """The random player is no straw man: over the games it takes (a few dozen at most) it
    takes mortos both ways, lays canastras, goes out, runs the stock out, names what a
    wild stands for and moves a wild whose card arrived (B5)."""
    seen: Counter[str] = Counter()
    parts = ("direta", "indireta", "batida", "stock-out", "limpa", "suja", "wild_as", "wild_to")
    for seed in range(80):
        _, events, commands = random_game(seed, 2 + 2 * (seed % 2), target=1500)
        seen["wild_as"] += sum(getattr(c, "wild_as", None) is not None for c in commands)
        seen["wild_to"] += sum(getattr(c, "wild_to", None) is not None for c in commands)
        for event in events:
            if isinstance(event, MortoTaken):
                seen["direta" if event.direct else "indireta"] += 1
            if isinstance(event, HandEnded):
                seen[event.outcome] += 1
                details = event.details or {}
                for count in details.values():
                    if isinstance(count, dict):
                        for kind in BONUS:
                            seen[kind] += count[kind]
        if all(seen[part] for part in parts):
            break
    for part in parts:
        assert seen[part], (part, seen)
    assert cards_value(["AS", "2S", "3S", "8S", "KS"]) == 15 + 10 + 5 + 10 + 10


def test_mega_buraco_games_lay_trincas_and_jokers_and_end_at_two_in_the_stock() -> None:
    """MB1-MB6 at work: trincas beside the runs, jokers as wilds, a starter on the pile, and
    a hand that runs out ends with two cards left in the stock (the mortos untouched)."""
    seen: Counter[str] = Counter()
    for seed in range(8):
        state = created(2 + 2 * (seed % 2), target=1500, preset="mega-buraco")
        rng = random.Random(seed)
        while state.status == "in_progress":
            if state.hand is None:
                deal = random_deal(state, rng)
                seen["starter"] += deal.starter is not None
                state = fold(decide(deal, state), state)
                continue
            before = state.hand
            _, new = next_move(state, rng)
            for event in new:
                if isinstance(event, Melded):
                    read = meld_of(event.cards, variant_of(state).melds)
                    seen[read.kind] += 1
                    seen["joker"] += "JK" in event.cards
                if isinstance(event, HandEnded) and event.outcome == "stock-out":
                    assert isinstance(before, BuracoHand)
                    assert before.stock_count <= 2
                    seen["stock-out"] += 1
            state = fold(new, state)
    for part in ("starter", "run", "set", "joker", "stock-out"):
        assert seen[part], (part, seen)


def test_tranca_games_lay_red_threes_take_the_pile_with_its_top_and_lock_it() -> None:
    """T5-T8 at work: red 3s laid and replaced, the pile taken with its top card melded, a
    black 3 on top refusing the pile (`pile-locked`), red 3s counted in every hand's count."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        state = created(2 + 2 * (seed % 2), target=1500, preset="tranca")
        rng = random.Random(seed)
        while state.status == "in_progress":
            if state.hand is None:
                state = fold(decide(random_deal(state, rng), state), state)
                continue
            hand = state.hand
            assert isinstance(hand, BuracoHand)
            if not hand.drew and hand.top in ("3C", "3S"):
                locked = TakePile(at=AT, seat=hand.turn, to=0)
                with pytest.raises(DomainError) as refused:
                    decide(locked, state)
                seen["locked"] += refused.value.code == "pile-locked"
            _, new = next_move(state, rng)
            for event in new:
                seen[type(event).__name__] += 1
                if isinstance(event, HandEnded):
                    seen["red counted"] += sum(
                        count.get("red_threes", 0)
                        for count in (event.details or {}).values()
                        if isinstance(count, dict)
                    )
            seen["pile taken"] += any(
                isinstance(e, CardsDrawn) and e.source == "pile" for e in new
            ) and any(isinstance(e, Melded | AddedToMeld) for e in new)
            state = fold(new, state)
    for part in ("RedThreeLaid", "pile taken", "locked", "red counted"):
        assert seen[part], (part, seen)


def test_a_seat_holding_only_an_unreplaceable_red_three_still_has_a_move() -> None:
    """The property above met it once (seed 126611925, four seats, no posted stock): seat 3
    drew a red 3 as the stock's last card, then added its two other cards to melds; holding
    the red 3 alone, it could neither lay it (T12) nor discard it (T5). T15 refuses the
    addition that leaves it so, and the game goes on to its end."""
    test_random_legal_games_keep_every_rule.hypothesis.inner_test(  # type: ignore[attr-defined]
        126611925, 4, False, "tranca"
    )


def test_with_the_stock_spent_no_meld_leaves_a_seat_red_threes_alone() -> None:
    """T15 in the game above: wherever the seat in turn, the stock spent, holds red 3s and
    one other card, adding that card to any of its side's melds is refused
    where it fits (`must-keep-a-discard`, a refusal about the hand), and discarding it is
    not."""
    rng = random.Random(126611925)
    state = created(4, target=1200, preset="tranca")
    refused = 0
    while state.status == "in_progress":
        if state.hand is None:
            state = fold(decide(random_deal(state, rng, False), state), state)
            continue
        hand = state.hand
        assert isinstance(hand, BuracoHand)
        seat = hand.turn
        others = [c for c in hand.hands[seat] if c not in ("3D", "3H")]
        if hand.drew and not hand.stock_count and len(others) == 1 < len(hand.hands[seat]):
            for to, _ in enumerate(hand.melds[side_of(seat)]):
                with pytest.raises(DomainError) as told:
                    decide(AddToMeld(at=AT, seat=seat, to=to, cards=others), state)
                if told.value.code == "must-keep-a-discard":
                    assert isinstance(told.value, TellsAHand)
                    refused += 1
            decide(DiscardCard(at=AT, seat=seat, card=others[0]), state)
        _, new = next_move(state, rng)
        state = fold(new, state)
    assert refused
