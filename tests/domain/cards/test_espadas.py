"""Espadas (seed 003; card-rules.md section 1), given / when / then: the bids, the spades
rule, the scoring of contracts, nils and bags, the end at 500, and the whole-hand result."""

from __future__ import annotations

import pytest

from domain import (
    DealCards,
    Event,
    HandEnded,
    MatchFinished,
    PlayCard,
    UndoLastMove,
    decide,
    fold,
)
from domain.cards.cards import DECK_52
from domain.cards.espadas.commands import MakeBid, RecordEspadasResult
from domain.cards.espadas.events import Bid, BidMade
from domain.cards.espadas.game import bags_before
from domain.cards.espadas.hand import EspadasHand
from domain.cards.espadas.rules import ESPADAS, EspadasRules
from domain.cards.espadas.scoring import scored
from domain.errors import TellsAHand
from domain.match.commands import Command
from tests.domain.builders import AT, created
from tests.domain.spec import given

CLUBS = [f"{r}C" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
DIAMONDS = [c.replace("C", "D") for c in CLUBS]
HEARTS = [c.replace("C", "H") for c in CLUBS]
SPADES = [c.replace("C", "S") for c in CLUBS]


def espadas() -> Event:
    return created("espadas")


def after(events: list[Event], *commands: Command) -> list[Event]:
    history = list(events)
    for command in commands:
        history += decide(command, fold(history))
    return history


def dealt(hands: list[list[str]], dealer: int = 3) -> list[Event]:
    return after([espadas()], DealCards(at=AT, hands=hands, dealer=dealer))


def bid_all(events: list[Event], bids: list[Bid], first: int = 0) -> list[Event]:
    """Every seat bids, in turn from `first` (the seat after the dealer)."""
    order = [(first + n) % 4 for n in range(4)]
    return after(events, *(MakeBid(at=AT, seat=s, bid=bids[s]) for s in order))


# A deal where seat 0 holds only clubs and one spade, seat 1 only hearts, seat 2 diamonds
# and spades, seat 3 the rest: enough to test every spades rule.
SPLIT = [
    [*CLUBS[:12], SPADES[0]],
    HEARTS,
    [*DIAMONDS[:7], *SPADES[1:7]],
    [CLUBS[12], *DIAMONDS[7:], *SPADES[7:]],
]
SPADES_ONLY = [SPADES, CLUBS, HEARTS, DIAMONDS]


def test_each_seat_bids_in_turn_from_the_seat_after_the_dealer() -> None:
    """E2: the dealer rotates; bids go in order of play from the seat after the dealer."""
    history = given(*dealt(SPLIT, dealer=1))
    assert history.state.turn == 2
    history.when(MakeBid(at=AT, seat=0, bid=3)).raises("not-your-turn")
    history.when(MakeBid(at=AT, seat=2, bid=4)).then(BidMade(at=AT, seat=2, bid=4))


def test_no_card_before_every_seat_has_bid_and_no_bid_after() -> None:
    history = dealt(SPLIT)
    given(*history).when(PlayCard(at=AT, seat=0, card="2C")).raises("bids-pending")
    done = bid_all(history, [3, 3, 3, 3])
    assert given(*done).state.turn == 0  # the seat after the dealer leads
    given(*done).when(MakeBid(at=AT, seat=0, bid=2)).raises("bids-closed")


@pytest.mark.parametrize("bid", [0, 14, "blind", -1])
def test_a_bid_is_one_to_thirteen_nil_or_double_nil(bid: object) -> None:
    """E3."""
    given(*dealt(SPLIT)).when(MakeBid(at=AT, seat=0, bid=bid)).raises("invalid-bid")  # type: ignore[arg-type]


def test_a_spade_may_not_be_led_before_spades_are_broken() -> None:
    """[S] "O primeiro jogador deve baixar uma carta que não seja do naipe de espadas"; E7a."""
    ready = bid_all(dealt(SPLIT), [3, 3, 3, 3])
    given(*ready).when(PlayCard(at=AT, seat=0, card="2S")).raises("spades-not-broken")


def test_a_seat_holding_only_spades_may_lead_one() -> None:
    """E7a: unless the leader holds only spades."""
    ready = bid_all(dealt(SPADES_ONLY), [3, 3, 3, 3])
    events = given(*ready).when(PlayCard(at=AT, seat=0, card="AS")).decided()
    assert len(events) == 1


def test_no_spade_in_the_first_trick_while_the_seat_has_another_card() -> None:
    """E7b: seat 2, void in clubs, holds diamonds: it may not trump the first trick."""
    ready = bid_all(dealt(SPLIT), [3, 3, 3, 3])
    led = after(ready, PlayCard(at=AT, seat=0, card="2C"), PlayCard(at=AT, seat=1, card="2H"))
    given(*led).when(PlayCard(at=AT, seat=2, card="3S")).raises("spade-in-first-trick")
    assert len(decide(PlayCard(at=AT, seat=2, card="2D"), fold(led))) == 1


def test_from_the_second_trick_a_void_seat_trumps_and_breaks_spades() -> None:
    """E7c, E10: a spade played by a seat void in the suit led breaks spades."""
    ready = bid_all(dealt(SPLIT), [3, 3, 3, 3])
    first = after(
        ready,
        PlayCard(at=AT, seat=0, card="2C"),
        PlayCard(at=AT, seat=1, card="2H"),
        PlayCard(at=AT, seat=2, card="2D"),
        PlayCard(at=AT, seat=3, card="AC"),
    )
    hand = fold(first).hand
    assert isinstance(hand, EspadasHand)
    assert (hand.leader, hand.spades_broken) == (3, False)  # the ace of clubs took it
    second = after(first, PlayCard(at=AT, seat=3, card="9D"))  # seat 0 holds no diamond
    trumped = after(second, PlayCard(at=AT, seat=0, card="2S"))
    hand = fold(trumped).hand
    assert isinstance(hand, EspadasHand)
    assert hand.spades_broken


def test_a_seat_must_follow_the_suit_led() -> None:
    ready = bid_all(dealt(SPLIT), [3, 3, 3, 3])
    led = after(
        ready,
        PlayCard(at=AT, seat=0, card="2C"),
        PlayCard(at=AT, seat=1, card="2H"),
        PlayCard(at=AT, seat=2, card="2D"),
    )
    given(*led).when(PlayCard(at=AT, seat=3, card="9D")).raises("must-follow-suit")


def test_a_bid_or_a_card_is_taken_back_by_undo() -> None:
    history = after(dealt(SPLIT), MakeBid(at=AT, seat=0, bid=5))
    undone = after(history, UndoLastMove(at=AT))
    hand = fold(undone).hand
    assert isinstance(hand, EspadasHand)
    assert (hand.bids, fold(undone).turn) == ((None, None, None, None), 0)


# Scoring (pure): E4, E5, E6, E11


def score(
    bids: list[Bid],
    tricks: list[int],
    bags: dict[str, int] | None = None,
    rules: EspadasRules = ESPADAS,
) -> dict[str, int]:
    return scored(bids, tricks, bags or {"A": 0, "B": 0}, rules).scores


def test_a_made_contract_pays_ten_a_trick_bid_and_one_an_overtrick() -> None:
    """E4: the standard reading of "10 pontos por cada vaza ganha e 1 por cada sobrevaza"."""
    assert score([4, 3, 3, 2], [5, 3, 3, 2]) == {"A": 71, "B": 50}


def test_a_failed_contract_loses_ten_a_trick_bid() -> None:
    """[S] "o número de vazas do contrato multiplicado por -10"."""
    assert score([5, 3, 4, 3], [4, 3, 3, 3]) == {"A": -90, "B": 60}


def test_a_nil_wins_or_loses_one_hundred_and_its_tricks_count_for_the_contract() -> None:
    """E5: nil +100 when its bidder takes no trick, -100 otherwise; a double nil, 200."""
    assert score(["nil", 4, 5, 4], [0, 4, 5, 4]) == {"A": 150, "B": 80}
    assert score(["nil", 4, 5, 4], [1, 4, 4, 4]) == {"A": -100 + 50, "B": 80}
    assert score(["double_nil", 4, 5, 4], [0, 4, 5, 4]) == {"A": 250, "B": 80}


def test_bags_carry_and_each_full_ten_costs_one_hundred() -> None:
    """E6, E11: 9 bags and 11 overtricks make 20: two penalties, none left."""
    result = scored([1, 1, 1, 1], [13, 0, 0, 0], {"A": 9, "B": 0}, ESPADAS)
    assert result.bags == {"A": 0, "B": 0}
    assert result.penalties == {"A": 2, "B": 0}
    assert result.scores == {"A": 10 * 2 + 11 - 200, "B": -20}


def test_bags_reset_to_zero_pays_once_and_drops_them_all() -> None:
    """E6's override: the seed's literal "zerados"."""
    rules = EspadasRules(target=500, bags_reset="zero")
    result = scored([1, 1, 1, 1], [13, 0, 0, 0], {"A": 9, "B": 0}, rules)
    assert (result.bags["A"], result.penalties["A"]) == (0, 1)


# The whole hand, the game's end, results


def test_a_hand_recorded_by_its_result_scores_both_teams_and_carries_the_bags() -> None:
    first = after([espadas()], RecordEspadasResult(at=AT, bids=[4, 3, 3, 2], tricks=[6, 3, 3, 1]))
    state = fold(first)
    (ended,) = [e for e in first if isinstance(e, HandEnded)]
    assert ended.scores == {"A": 72, "B": -50}  # A made 7 with 9; B failed 5 with 4
    assert (state.score, ended.winner) == ({"A": 72, "B": -50}, "A")
    assert bags_before(state) == {"A": 2, "B": 0}


@pytest.mark.parametrize(
    ("bids", "tricks"),
    [([4, 3, 3, 2], [5, 3, 3, 3]), ([4, 3, 3], [5, 3, 3, 2]), ([0, 3, 3, 2], [5, 3, 3, 2])],
)
def test_a_result_that_cannot_happen_is_refused(bids: list[Bid], tricks: list[int]) -> None:
    code = "invalid-bid" if 0 in bids else "invalid-result"
    given(espadas()).when(RecordEspadasResult(at=AT, bids=bids, tricks=tricks)).raises(code)


def test_the_game_ends_at_five_hundred_the_higher_team_winning() -> None:
    """E9: checked after each hand; both past 500: the higher."""
    hand = RecordEspadasResult(at=AT, bids=[6, 1, 6, 1], tricks=[7, 0, 6, 0])  # A 121, B -20
    history = [espadas()]
    while fold(history).status == "in_progress":
        history = after(history, hand)
    finished = [e for e in history if isinstance(e, MatchFinished)]
    state = fold(history)
    assert len(finished) == 1
    assert finished[0].winner == ("A" if state.score["A"] > state.score["B"] else "B")
    assert max(state.score.values()) >= 500


def test_equal_at_five_hundred_another_hand_is_played() -> None:
    """E9: equal at 500 or more: no winner yet."""
    # A makes 3 with 13 (10 bags: -100) and a nil (+100): 40; B fails 6 (-60), makes a nil:
    # 40. Thirteen such hands: 520 each.
    equal = RecordEspadasResult(at=AT, bids=[3, 6, "nil", "nil"], tricks=[13, 0, 0, 0])
    history = [espadas()]
    for _ in range(13):
        history = after(history, equal)
    state = fold(history)
    assert state.score["A"] == state.score["B"] >= 500
    assert state.status == "in_progress"


def test_a_deal_is_thirteen_cards_a_seat_from_the_fifty_two() -> None:
    hands = [list(DECK_52[s * 13 : (s + 1) * 13]) for s in range(4)]
    given(espadas()).when(DealCards(at=AT, hands=[h[:12] for h in hands])).raises("invalid-deal")
    given(espadas()).when(DealCards(at=AT, hands=hands, trump_card="2S")).raises("invalid-deal")


def test_a_refusal_that_depends_on_the_seats_cards_tells_a_hand() -> None:
    """Masked by the HTTP layer for whoever cannot see the seat's cards."""
    ready = bid_all(dealt(SPLIT), [3, 3, 3, 3])
    refused = given(*ready).when(PlayCard(at=AT, seat=0, card="2S")).raises("spades-not-broken")
    assert isinstance(refused, TellsAHand)
