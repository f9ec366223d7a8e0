"""Random legal Cacheta games (hypothesis), with a known stock and without: every card
once (stock + pile + hands + the vira = the two decks, a jumped card included); the wilds
the vira's next rank in its colour; every batida's groups are melds using exactly the
seat's cards; each round takes 1 or 2 lives from each other seat still in (none when void);
the events decode to themselves and fold to the same state; a seat out plays no more; the
places: the last one in first, then by the round each went out in."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import HandEnded, decide, decode, encode, fold
from domain.cards.cacheta.events import WentOut
from domain.cards.cacheta.hand import CachetaHand, melds_for
from domain.cards.cacheta.results import playing_of
from domain.cards.melds.decks import DECK_104
from domain.cards.melds.meld import meld_of
from domain.match.events import MatchFinished
from tests.domain.cards.cacheta_play import created, next_move, random_deal

DECK = Counter(DECK_104)
COLOURS = ({"C", "S"}, {"D", "H"})


def check_hand(hand: CachetaHand, known: bool) -> None:
    on_table = Counter(c for cards in hand.hands for c in cards) + Counter(hand.pile)
    on_table[hand.vira] += 1
    assert sum(on_table.values()) + hand.stock_count == len(DECK_104)
    if known:
        assert hand.stock is not None
        assert on_table + Counter(hand.stock) == DECK
    else:
        assert not on_table - DECK
    ranks = {card[:-1] for card in hand.wilds}
    assert len(ranks) == 1
    assert len(hand.wilds) == 2
    assert {card[-1] for card in hand.wilds} in COLOURS
    assert hand.vira[-1] in {
        card[-1] for colour in COLOURS for card in hand.wilds if card[-1] in colour
    }
    for seat in range(4):
        if seat not in hand.playing:
            assert not hand.hands[seat]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), known=st.booleans())
def test_random_legal_games_keep_every_rule(seed: int, known: bool) -> None:
    rng = random.Random(seed)
    lives = 2
    state = created(lives)
    events = []
    for _ in range(50_000):
        if state.status != "in_progress":
            break
        before = state
        if state.hand is None:
            new = decide(random_deal(state, rng, known), state)
        else:
            _, new = next_move(state, rng)
        for event in new:
            again = decode(encode(event))
            assert again == event
            events.append(again)
            if isinstance(event, WentOut):
                hand = before.hand
                assert isinstance(hand, CachetaHand)
                rules = melds_for(hand.wilds)
                for group in event.groups:
                    meld_of(group, rules)
                shown = Counter(card for group in event.groups for card in group)
                assert not shown - Counter(hand.hands[event.seat]) - Counter([hand.top or ""])
                assert sum(shown.values()) in (9, 10)
            if isinstance(event, HandEnded):
                playing = playing_of(before)
                losses = {int(side): points for side, points in (event.scores or {}).items()}
                assert set(losses) == set(playing)
                if event.outcome == "empate":
                    assert set(losses.values()) == {0}
                else:
                    assert event.by_seat is not None
                    loss = 2 if event.kind == "dez" else 1
                    assert losses == {s: 0 if s == event.by_seat else loss for s in playing}
        state = fold(new, state)
        if isinstance(state.hand, CachetaHand):
            check_hand(state.hand, known)
            assert state.turn in state.hand.playing
    assert state.status == "finished"
    assert fold(events, created(lives)) == state
    finished = next(e for e in events if isinstance(e, MatchFinished))
    places = [[int(side) for side in place] for place in finished.places or []]
    assert sorted(s for place in places for s in place) == [0, 1, 2, 3]
    (last_in,) = places[0]
    assert state.score[str(last_in)] < lives
    assert all(state.score[str(s)] >= lives for place in places[1:] for s in place)
