"""Random legal Copas games (hypothesis): every card once (hands, the cards set aside to
pass, the trick, the tricks), 13 tricks a hand, 26 points a hand, each pass reaching its
receiver, the score the sum of the hands' scores, the fold equal to the replay, a refused
move changing nothing, and a finished game's places: every seat once, by score ascending."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import (
    DomainError,
    Event,
    HandEnded,
    Match,
    MatchFinished,
    PlayCard,
    decide,
    evolve,
    fold,
)
from domain.cards.cards import DECK_52, suit_of
from domain.cards.copas.commands import GiveCards, RecordCopasResult
from domain.cards.copas.events import CardsExchanged, CardsGiven
from domain.cards.copas.game import OFFSET, ORDER
from domain.cards.copas.hand import CopasHand
from domain.cards.tricks.commands import DealCards
from domain.cards.tricks.events import CardPlayed
from domain.match.commands import Command
from tests.domain.builders import AT, created

TRICKS = 13
SIDES = ("0", "1", "2", "3")


def legal_cards(state: Match) -> list[str]:
    """The cards the seat in turn may play, as the rules say (each tried)."""
    hand = state.hand
    assert isinstance(hand, CopasHand)
    seat = state.turn
    assert seat is not None
    allowed = []
    for card in hand.hands[seat]:
        try:
            decide(PlayCard(at=AT, seat=seat, card=card), state)
        except DomainError:
            continue
        allowed.append(card)
    return allowed


def random_result(rng: random.Random) -> RecordCopasResult:
    """A hand that can happen: one seat takes the queen, the 13 hearts go anywhere."""
    points = [0, 0, 0, 0]
    points[rng.randrange(4)] += 13
    for _ in range(13):
        points[rng.randrange(4)] += 1
    return RecordCopasResult(at=AT, points=points)


def next_command(state: Match, rng: random.Random, play: bool) -> Command:
    hand = state.hand
    if hand is None:
        if not play:
            return random_result(rng)
        cards = list(DECK_52)
        rng.shuffle(cards)
        return DealCards(at=AT, hands=[cards[s * 13 : (s + 1) * 13] for s in range(4)])
    assert isinstance(hand, CopasHand)
    if hand.passing:
        seat = rng.choice([s for s, g in enumerate(hand.given) if g is None])
        return GiveCards(at=AT, seat=seat, cards=rng.sample(hand.hands[seat], 3))
    assert state.turn is not None
    return PlayCard(at=AT, seat=state.turn, card=rng.choice(legal_cards(state)))


def check_hand(state: Match) -> None:
    """Every card exactly once, and never more than 13 tricks."""
    hand = state.hand
    if not isinstance(hand, CopasHand):
        return
    held = [c for cards in hand.hands for c in cards]
    aside = [c for cards in hand.given if cards is not None for c in cards]
    played = [*(p.card for p in hand.trick), *(p.card for t in hand.tricks for p in t.cards)]
    if hand.exchanged or hand.direction == "none":
        aside = []  # the given cards are in their receivers' hands
    assert sorted(held + aside + played) == sorted(DECK_52), "every card once"
    assert len(hand.tricks) + (1 if hand.trick else 0) <= TRICKS
    on_table = {p.seat for p in hand.trick}
    for seat, cards in enumerate(hand.hands):
        aside_here = 3 if hand.passing and hand.given[seat] is not None else 0
        expected = TRICKS - len(hand.tricks) - (seat in on_table) - aside_here
        assert len(cards) == expected, "each seat one card a trick"


def refereed(plays: list[tuple[int, str]]) -> tuple[list[int], list[int]]:
    """(points, tricks) per seat of a hand's 52 cards, counted here from the rules alone:
    the highest card of the suit led takes the trick and leads the next."""
    points, tricks = [0, 0, 0, 0], [0, 0, 0, 0]
    leader = plays[0][0]
    for n in range(TRICKS):
        trick = plays[4 * n : 4 * n + 4]
        assert [seat for seat, _ in trick] == [(leader + i) % 4 for i in range(4)]
        lead = suit_of(trick[0][1])
        winner = max(
            (p for p in trick if suit_of(p[1]) == lead), key=lambda p: ORDER.index(p[1][:-1])
        )[0]
        tricks[winner] += 1
        points[winner] += sum(13 if c == "QS" else int(suit_of(c) == "H") for _, c in trick)
        leader = winner
    return points, tricks


def check_refusal(state: Match, rng: random.Random) -> None:
    """A refused move (a random card from a random seat, or a second give) changes nothing."""
    before = state
    refused: Command = PlayCard(at=AT, seat=rng.randrange(4), card=rng.choice(DECK_52))
    hand = state.hand
    if isinstance(hand, CopasHand) and hand.passing and rng.random() < 0.5:
        done = [s for s, g in enumerate(hand.given) if g is not None]
        if done:
            refused = GiveCards(at=AT, seat=done[0], cards=list(hand.hands[done[0]][:3]))
    try:
        decide(refused, state)
    except DomainError:
        assert state == before


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), played=st.integers(1, 2))
def test_random_legal_copas_games_keep_every_invariant(seed: int, played: int) -> None:
    rng = random.Random(seed)
    events: list[Event] = [created("copas")]
    state = fold(events)
    plays: list[tuple[int, str]] = []
    hands_played = 0
    while state.status == "in_progress":
        if state.hand is None:
            hands_played += 1
        command = next_command(state, rng, play=hands_played <= played)
        new = decide(command, state)
        for event in new:
            previous = state
            state = evolve(state, event)
            check_hand(state)
            if isinstance(event, CardsExchanged):
                hand = state.hand
                assert isinstance(hand, CopasHand)
                assert event.direction == hand.direction != "none"
                for giver, cards in enumerate(hand.given):
                    assert cards is not None
                    receiver = (giver + OFFSET[hand.direction]) % 4
                    assert set(cards) <= set(hand.hands[receiver])
                assert "2C" in hand.hands[event.opener]
                assert state.turn == event.opener
            if isinstance(event, CardsGiven):
                before = previous.hand
                assert isinstance(before, CopasHand)
                assert set(event.cards) <= set(before.hands[event.seat])
            if isinstance(event, CardPlayed):
                plays.append((event.seat, event.card))
                if len(plays) == 1:
                    assert event.card == "2C"
            if isinstance(event, HandEnded) and event.recorded_as == "plays":
                assert event.details is not None
                assert len(plays) == 52
                points, tricks = refereed(plays)
                assert event.details["taken"] == points
                assert event.details["tricks"] == tricks
                assert sum(event.details["tricks"]) == TRICKS
                plays = []
            if isinstance(event, HandEnded):
                assert event.details is not None
                assert sum(event.details["taken"]) == 26  # 13 hearts and the queen
        events += new
        check_refusal(state, rng)

    assert fold(events) == state  # the fold of the history is the state
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert sum(e.recorded_as == "plays" for e in ended) == played
    totals = dict.fromkeys(SIDES, 0)
    running = dict.fromkeys(SIDES, 0)
    for event in ended:
        assert event.scores is not None
        assert max(running.values()) < 100  # no hand after the one reaching 100
        for side, gain in event.scores.items():
            totals[side] += gain
            running[side] += gain
        if event.details and event.details["moon"] is not None:
            shooter = str(event.details["moon"])
            assert event.scores == {s: 0 if s == shooter else 26 for s in SIDES}
        else:
            assert event.details is not None
            assert list(event.scores.values()) == event.details["taken"]
    assert state.score == totals
    (finished,) = [e for e in events if isinstance(e, MatchFinished)]
    assert max(state.score.values()) >= 100
    places = finished.places
    assert places is not None
    assert sorted(side for place in places for side in place) == list(SIDES)
    scores = [{state.score[side] for side in place} for place in places]
    assert all(len(s) == 1 for s in scores)  # a place: equal totals
    firsts = [s.pop() for s in scores]
    assert firsts == sorted(set(firsts))  # ascending, each total once
    assert finished.winner == (places[0][0] if len(places[0]) == 1 else None)
