"""Espadas (Spades, seed 003; card-rules.md section 1): two partnerships, 52 cards, 13 tricks
a hand. After the deal each seat bids, in order from the seat after the dealer (E2); then
that seat leads. Spades are always trump; a spade may not be led before spades are broken
(a spade played on a trick), nor played in the first trick, unless the seat holds nothing
else it may play (E7, E10). The game ends after the hand that brings a team to 500, the
higher team winning; equal at 500 or more: another hand (E9)."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.cards.cards import DECK_52, rank_of, suit_of
from domain.cards.dealer import after_hand, dealer_for, opener_after_dealer
from domain.cards.espadas import bodies
from domain.cards.espadas.commands import MakeBid, RecordEspadasResult
from domain.cards.espadas.events import Bid, BidMade
from domain.cards.espadas.hand import TRUMP, EspadasHand
from domain.cards.espadas.refusals import REFUSALS
from domain.cards.espadas.rules import ESPADAS, EspadasRules
from domain.cards.espadas.scoring import TRICKS, HandScore, scored
from domain.cards.espadas.view import EspadasView, view
from domain.cards.tricks.commands import TRICK_COMMANDS, DealCards, PlayCard
from domain.cards.tricks.deal import cards_dealt, check_hands
from domain.cards.tricks.events import TRICK_EVENTS, CardPlayed, CardsDealt
from domain.cards.tricks.hand import Played, TrickHand
from domain.cards.tricks.play import (
    card_of_turn,
    check_held,
    penalize,
    take_back,
    undo,
)
from domain.cards.tricks.taking import holds_suit, play
from domain.errors import IllegalMove, InvalidInput, TellsAHand
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import hand_ended, then_finish
from domain.match.game import Bodies, Examples, Game
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.state import HandResult, Match, PerTeam
from domain.table import TEAMS, Side, check_seat

ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""From the lowest to the highest, in every suit (E1)."""
PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "signal", "out-of-turn", "cards-shown", "renounce")
}
"""E12: the seed sets no penalty; an infraction is noted, the hand goes on."""
_RANK = {card: ORDER.index(rank_of(card)) + 1 for card in DECK_52}
_DETAILS = msgspec.json.Decoder(HandScore)


def rules_of(state: Match) -> EspadasRules:
    if not isinstance(state.rules, EspadasRules):
        raise ValueError("not an Espadas game")
    return state.rules


def strength(hand: TrickHand, played: Played, lead: str) -> int:
    """A spade beats any other suit; otherwise only the suit led can take the trick."""
    suit = suit_of(played.card)
    if suit == TRUMP:
        return 20 + _RANK[played.card]
    return _RANK[played.card] if suit == lead else 0


def decide(command: Command, state: Match) -> list[Event]:
    rules = rules_of(state)
    match command:
        case DealCards():
            return _deal(command, state)
        case MakeBid():
            return _bid(command, state)
        case PlayCard():
            return _play(command, state, rules)
        case RecordEspadasResult():
            return _result(command, state, rules)
        case RecordPenalty():
            return penalize(command, state, PENALTIES, lambda _: 0)
        case UndoLastMove():
            return undo(command, state)
    raise InvalidInput("invalid-command", f"an Espadas game has no {type(command).__name__}")


def _deal(command: DealCards, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    hands = check_hands(command.hands, TRICKS, DECK_52, "Espadas")
    if command.trump_card is not None or command.vira is not None:
        raise InvalidInput("invalid-deal", "Espadas turns no card: spades are always trump")
    return [cards_dealt(state, command.at, dealer, hands)]


def _bid(command: MakeBid, state: Match) -> list[Event]:
    hand = hand_of(state, EspadasHand)
    if not hand.bidding:
        raise IllegalMove("bids-closed", "every seat has bid: play the cards")
    seat = check_seat(command.seat)
    check_turn(state, seat)
    return [BidMade(at=command.at, seat=seat, bid=check_bid(command.bid))]


def check_bid(bid: object) -> Bid:
    """E3: 1 to 13 tricks, "nil" or "double_nil"."""
    if bid in ("nil", "double_nil") or (type(bid) is int and 1 <= bid <= TRICKS):
        return bid
    raise InvalidInput(
        "invalid-bid", f'a bid is 1 to 13 tricks, "nil" or "double_nil", not {bid!r}'
    )


def _play(command: PlayCard, state: Match, rules: EspadasRules) -> list[Event]:
    if hand_of(state, EspadasHand).bidding:
        raise IllegalMove("bids-pending", "every seat bids before the first card (E2)")
    if command.covered:
        raise IllegalMove("covered-not-allowed", "in Espadas every card is played face up")
    _, seat, card = card_of_turn(state, command.seat, command.card, DECK_52, "Espadas")
    hand = state.hand
    assert isinstance(hand, EspadasHand)
    check_held(hand, seat, card)
    _check_spades(hand, seat, card)
    event = CardPlayed(at=command.at, seat=seat, card=card)
    if len(hand.tricks) < TRICKS - 1 or len(hand.trick) < 3:
        return [event]
    after = apply(hand, event)
    assert isinstance(after, EspadasHand)
    bids = [bid for bid in after.bids if bid is not None]
    ended = _ended(state, rules, bids, after.taken, command.at, after)
    return then_finish(state, [event, ended], command.at, winner_of)


def _check_spades(hand: EspadasHand, seat: int, card: str) -> None:
    """E7: what depends on the seat's own cards is refused as `TellsAHand`."""
    lead = suit_of(hand.trick[0].card) if hand.trick else None
    if lead is not None and suit_of(card) != lead and holds_suit(hand, seat, lead):
        raise TellsAHand("must-follow-suit", f"seat {seat} holds {lead} and must follow it")
    if suit_of(card) != TRUMP or lead == TRUMP:
        return
    if all(suit_of(c) == TRUMP for c in hand.hands[seat]):
        return  # nothing but spades: any of them may go
    if lead is None and not hand.spades_broken:
        raise TellsAHand(
            "spades-not-broken", "a spade is led once spades are broken, or from spades alone"
        )
    if lead is not None and not hand.tricks:
        raise TellsAHand(
            "spade-in-first-trick", "no spade in the first trick while the seat has another card"
        )


def _result(command: RecordEspadasResult, state: Match, rules: EspadasRules) -> list[Event]:
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    if len(command.bids) != 4 or len(command.tricks) != 4:
        raise InvalidInput("invalid-result", "an Espadas result gives 4 bids and 4 tricks")
    if min(command.tricks) < 0 or sum(command.tricks) != TRICKS:
        raise InvalidInput("invalid-result", "the tricks of a hand add up to 13")
    for bid in command.bids:
        check_bid(bid)
    ended = _ended(state, rules, command.bids, command.tricks, at, None, command.started_at)
    return then_finish(state, [ended], at, winner_of)


def _ended(
    state: Match,
    rules: EspadasRules,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    at: datetime,
    hand: EspadasHand | None,
    started_at: datetime | None = None,
) -> HandEnded:
    score = scored(bids, tricks, bags_before(state), rules)
    a, b = score.scores["A"], score.scores["B"]
    winner: Side | None = None if a == b else ("A" if a > b else "B")
    dealer = hand.dealer if hand else state.next_dealer
    facts: dict[str, Any] = {
        "dealer": dealer,
        "tricks": PerTeam(sum(tricks[0::2]), sum(tricks[1::2])),
        "scores": score.scores,
        "details": msgspec.to_builtins(score),
    }
    if hand is None:  # recorded by its result: the seat after its dealer led it
        facts["opener"] = None if dealer is None else opener_after_dealer(dealer)
    return hand_ended(
        state,
        outcome="tricks",
        winner=winner,
        base=score.scores[winner] if winner else 0,
        at=at,
        started_at=started_at,
        **facts,
    )


def bags_before(state: Match) -> dict[str, int]:
    """Each team's bags when this hand starts: the last hand's count (E6)."""
    for result in reversed(state.hands):
        if result.details is not None:
            return _DETAILS.decode(result.details).bags
    return dict.fromkeys(TEAMS, 0)


def winner_of(state: Match) -> Side | None:
    """E9: at or past the target, the higher team; equal: another hand."""
    rules = rules_of(state)
    a, b = state.score.get("A", 0), state.score.get("B", 0)
    if max(a, b) < rules.target or a == b:
        return None
    return "A" if a > b else "B"


def start(event: CardsDealt, state: Match) -> EspadasHand:
    return EspadasHand(
        number=event.number,
        opener=event.opener,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event,
        hands=event.hands,
        leader=event.opener,
    )


def apply(hand: EspadasHand, event: Event) -> EspadasHand:
    if isinstance(event, BidMade):
        bids = tuple(event.bid if s == event.seat else b for s, b in enumerate(hand.bids))
        return replace(hand, bids=bids, moves=(*hand.moves, event))
    if isinstance(event, CardPlayed):
        after = play(hand, Played(seat=event.seat, card=event.card), strength)
        return replace(after, moves=(*hand.moves, event))
    return hand


def _turn(hand: TrickHand) -> int:
    assert isinstance(hand, EspadasHand)
    return hand.next_bidder if hand.bidding else hand.to_play


def evolve(state: Match, event: Event) -> Match:
    match event:
        case CardsDealt():
            hand = start(event, state)
            started = state.started_at or event.at
            return replace(state, hand=hand, turn=_turn(hand), started_at=started)
        case BidMade() | CardPlayed():
            hand = apply(hand_of(state, EspadasHand), event)
            return replace(state, hand=hand, turn=_turn(hand))
        case MoveUndone():
            hand = take_back(hand_of(state, EspadasHand), state, start, apply)
            return replace(state, hand=hand, turn=_turn(hand))
    return state


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCards:
    """Thirteen cards to each seat, dealt by the seat due to deal."""
    cards = list(order)
    hands = [cards[s * TRICKS : (s + 1) * TRICKS] for s in range(4)]
    return DealCards(at=at, hands=hands, dealer=dealer_for(state, None))


def result_body(result: HandResult) -> dict[str, object] | None:
    if result.details is None:
        return None
    score = _DETAILS.decode(result.details)
    return {"bids": score.bids, "tricks": score.tricks}


EXAMPLES = Examples(
    create={"espadas": ("A game of Espadas to 500", {"preset": "espadas"})},
    deal={
        "deal": (
            "Espadas: the thirteen cards of each seat, dealt by seat 3 (seat 0 bids first)",
            {
                "dealer": 3,
                "hands": [
                    ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
                    ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
                    ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
                    ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"],
                ],
            },
        ),
    },
    move={
        "bid": ("Espadas: seat 1 bids 4 tricks", {"seat": 1, "bid": 4}),
        "nil": ("Espadas: seat 2 bids nil (no trick at all)", {"seat": 2, "bid": "nil"}),
    },
    result={
        "espadas": (
            "Espadas: each seat's bid and the tricks it took, in seat order",
            {"bids": [4, "nil", 3, 2], "tricks": [5, 0, 4, 4]},
        ),
    },
)

FIELDS = {
    "penalty.kind": "slow-play, signal, out-of-turn, cards-shown, renounce (noted as warnings).",
    "hand.scores": "both teams, a failed contract below zero.",
    "hand.details": "the bids, the tricks by seat, the contracts made, the nils, the bags.",
}
"""What the shared bodies' fields mean in Espadas, for the API document."""

ESPADAS_GAME = Game(
    name="espadas",
    family="cards",
    rule_sets=(ESPADAS,),
    events=(*TRICK_EVENTS, BidMade),
    commands=(*TRICK_COMMANDS, MakeBid, RecordEspadasResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_52,
    shuffled=shuffled,
    result_body=result_body,
    examples=EXAMPLES,
    fields=FIELDS,
    bodies=Bodies(
        deal=bodies.EspadasDeal,
        move=bodies.EspadasMove,
        result=bodies.EspadasResult,
        hand=EspadasView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
    ),
    refusals=REFUSALS,
)
