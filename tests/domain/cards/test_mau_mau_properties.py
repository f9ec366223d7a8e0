"""Random legal Mau Mau games (hypothesis), at tables of 4 to 8, with a known stock and with
none (each draw names cards not seen elsewhere): every card once (stock + pile + hands =
the two decks), reshuffles included; the turn, the direction, the chain and the penalties
always sound; every move's events decoded from their JSON fold to the same state (the fold
equals the replay); a refused move is a DomainError and changes nothing; a hand ends with
one seat out at 0 points (or a blocked table), the others holding their cards' points; the
places every seat once, the fewest points first. The moves are chosen by asking the rules:
a card is tried and kept only when `decide` accepts it, so the oracle is the game itself
only for *which* legal move to make; the invariants are checked from first principles."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain import DomainError, Event, Match, decide, evolve, fold
from domain.cards.maumau.commands import Accuse, CallMauMau
from domain.cards.maumau.decide import follows
from domain.cards.maumau.hand import MauMauHand, card_points
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards, PassTurn
from domain.cards.stock.hand import unseen
from domain.events import decode, encode
from domain.match.commands import Command
from domain.match.events import HandEnded, MatchCreated, MatchFinished
from domain.match.rules import GameRules
from domain.rulesets import resolve_rules
from tests.domain.builders import AT

DECK = Counter(DECK_104)


def created(seats: int, target: int) -> MatchCreated[GameRules]:
    rules = resolve_rules("mau-mau", {"target": target})
    return MatchCreated(
        at=AT, rules=rules, seats=tuple(f"p{n}" for n in range(seats)), created_by="ana"
    )


def deal(state: Match, rng: random.Random, known: bool) -> DealStock:
    cards = rng.sample(DECK_104, len(DECK_104))
    seats = len(state.seats)
    command = DealStock(
        at=AT,
        hands=[cards[s * 5 : (s + 1) * 5] for s in range(seats)],
        starter=cards[seats * 5],
        stock=cards[seats * 5 + 1 :],
    )
    return command if known else replace(command, stock=None)


def named(hand: MauMauHand, wanted: int, rng: random.Random) -> list[str] | None:
    """The cards a scorekeeper names for a draw from an unknown stock: unseen ones."""
    if hand.stock is not None:
        return None
    short = hand.stock_count < wanted and len(hand.pile) > 1
    pile = hand.pile[-1:] if short else hand.pile
    free = list(unseen(hand, DECK_104, pile).elements())
    rng.shuffle(free)
    available = hand.stock_count + (len(hand.pile) - 1 if short else 0)
    return free[: min(wanted, available)]


def restock(hand: MauMauHand, rng: random.Random) -> list[str] | None:
    if hand.stock is None or len(hand.pile) < 2:
        return None
    return rng.sample(hand.pile[:-1], len(hand.pile) - 1)


def a_move(state: Match, rng: random.Random) -> Command:
    """A legal move, or now and then one the rules may refuse (a wrong call, an accusation
    of nobody: both legal, and punished)."""
    hand = state.hand
    assert isinstance(hand, MauMauHand)
    owing = [s for s, n in enumerate(hand.owed) if n]
    if owing:
        seat = owing[0]
        cards = named(hand, hand.owed[seat], rng)
        return DrawCards(at=AT, seat=seat, cards=cards, restock=restock(hand, rng))
    if hand.accusable is not None and rng.random() < 0.4:
        return Accuse(at=AT, seat=(hand.accusable + rng.randrange(1, hand.seats)) % hand.seats)
    if hand.accused is None and rng.random() < 0.02:  # maybe nobody to accuse: it costs 5
        accuser = rng.choice([s for s in range(hand.seats) if s != hand.accusable])
        return Accuse(at=AT, seat=accuser)
    seat = hand.turn
    held = hand.hands[seat]
    playable = [card for card in held if follows(hand, card)]
    callable_ = not hand.called and len(held) >= 2  # one card goes out with no call (M8)
    if callable_ and rng.random() < (0.7 if len(held) == 2 and playable else 0.02):
        return CallMauMau(at=AT, seat=seat)
    if playable and rng.random() < 0.85:
        card = rng.choice(playable)
        suit = rng.choice("CDHS") if card[0] == "J" and len(held) > 1 else None
        return DiscardCard(at=AT, seat=seat, card=card, suit=suit)
    if hand.pending or (not hand.drew and not hand.nothing_to_draw):
        wanted = hand.pending or 1
        cards = named(hand, wanted, rng)
        return DrawCards(at=AT, seat=seat, cards=cards, restock=restock(hand, rng))
    return PassTurn(at=AT, seat=seat)


def a_refusal(state: Match, rng: random.Random) -> Command:
    """A move the rules may well refuse: a random card, seat and kind."""
    seat = rng.randrange(len(state.seats))
    card = rng.choice(DECK_104)
    return rng.choice(
        [
            DiscardCard(at=AT, seat=seat, card=card, suit="H" if card[0] == "J" else None),
            PassTurn(at=AT, seat=seat),
            DrawCards(at=AT, seat=seat, cards=[card]),
            CallMauMau(at=AT, seat=seat),
        ]
    )


def check_hand(hand: MauMauHand, known: bool) -> None:
    on_table = Counter(card for cards in hand.hands for card in cards) + Counter(hand.pile)
    assert sum(on_table.values()) + hand.stock_count == len(DECK_104)
    if known:
        assert hand.stock is not None
        assert on_table + Counter(hand.stock) == DECK
    else:
        assert not on_table - DECK, "no card more often than the two decks hold it"
    assert 0 <= hand.turn < hand.seats
    assert hand.direction in (1, -1)
    assert hand.pending % 2 == 0
    assert all(n >= 0 for n in hand.owed)
    assert hand.pile, "the pile keeps at least its top card"


def check_end(ended: HandEnded, before: MauMauHand) -> None:
    scores = ended.scores or {}
    if ended.outcome == "batida":
        assert ended.by_seat is not None
        assert scores[str(ended.by_seat)] == 0
        assert ended.winner == str(ended.by_seat)
    else:
        assert ended.outcome == "bloqueio"
    assert ended.details is not None
    left = ended.details["cards_left"]
    assert isinstance(left, list)
    assert sum(left) + before.stock_count + len(before.pile) >= 104 - 1


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.integers(min_value=4, max_value=8),
    known=st.booleans(),
    target=st.sampled_from([1, 1, 60]),
)
def test_random_legal_games_keep_every_rule(
    seed: int, seats: int, known: bool, target: int
) -> None:
    rng = random.Random(seed)
    events: list[Event] = [created(seats, target)]
    state = fold(events)
    for _ in range(4000):
        if state.status != "in_progress":
            break
        if state.hand is None:
            command: Command = deal(state, rng, known)
        elif rng.random() < 0.1:
            before_refusal = state
            try:
                accepted = decide(a_refusal(state, rng), state)
            except DomainError as error:
                refusal: DomainError | None = error
            else:
                refusal = None
                for event in accepted:
                    state = evolve(state, event)
                    events.append(event)
            assert refusal is None or (refusal.code and refusal.message)
            assert refusal is None or state == before_refusal
            continue
        else:
            command = a_move(state, rng)
        before = state.hand
        new = decide(command, state)
        assert new, command
        for event in new:
            again = decode(encode(event))
            assert again == event
            state = evolve(state, again)
            events.append(again)
            if isinstance(event, HandEnded):
                assert isinstance(before, MauMauHand)
                check_end(event, before)
        if isinstance(state.hand, MauMauHand):
            check_hand(state.hand, known)
            assert state.turn == state.hand.turn
    assert state.status == "finished", "a game ends"
    assert fold(events) == state
    finished = next(e for e in events if isinstance(e, MatchFinished))
    places = [side for place in finished.places or [] for side in place]
    assert sorted(places) == [str(s) for s in range(seats)]
    totals = [state.score[side] for side in places]
    assert totals == sorted(totals), "the fewest points first"
    assert state.score == {
        str(s): sum((h.scores or {}).get(str(s), 0) for h in events if isinstance(h, HandEnded))
        for s in range(seats)
    }


def test_card_points_are_the_seeds() -> None:
    """M3 and the seed: "igual ao seu número, ... o valete que vale 30 pontos, a dama e o rei
    que valem 10 pontos"; the ace 1."""
    assert [card_points(c) for c in ("AH", "2C", "7S", "10D", "JH", "QC", "KS")] == [
        1,
        2,
        7,
        10,
        30,
        10,
        10,
    ]
