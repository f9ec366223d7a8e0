"""Sueca (seed 003): two partnerships, 40 cards, ten tricks a deal, the trump the suit of
the dealer's last card, 120 card points a deal, 4 game points a game."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from msgspec.structs import replace

from domain.cards.cards import DECK_40, rank_of, suit_of
from domain.cards.commands import AskRedeal, DealCards, PlayCard, RecordSuecaResult
from domain.cards.deal import (
    cards_dealt,
    check_hands,
    dealer_for,
    opener_after_dealer,
    shown_card,
)
from domain.cards.events import CardPlayed, CardsDealt, RedealAsked
from domain.cards.hand import Played, TrickHand
from domain.cards.play import (
    after_hand,
    card_facts,
    card_in_turn,
    no_dominoes_result,
    penalize,
    posted_deal,
    take_back,
    undo,
)
from domain.cards.sueca.rules import SuecaRules
from domain.cards.tricks import holds_suit, play
from domain.errors import IllegalMove, InvalidInput, TellsAHand
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, MoveUndone
from domain.match.finish import hand_ended, then_finish
from domain.match.game import Examples, Game
from domain.match.guards import hand_of, no_hand_in_progress, played_time
from domain.match.requests import MalformedRequest, MoveRequest, ResultRequest, one_of
from domain.match.state import GameHand, HandResult, Match, Outcome, PerTeam
from domain.table import TEAMS, Team, check_seat

ORDER = ("2", "3", "4", "5", "6", "Q", "J", "K", "7", "A")
"""From the lowest to the highest, in every suit."""
VALUES = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
DEAL_POINTS = 120
TRICKS = 10
PENALTIES: dict[str, Consequence] = {
    "slow-play": "warning",
    "signal": "warning",
    "out-of-turn": "hand-lost",
    "cards-shown": "hand-lost",
    "renounce": "hand-lost",
}


def rules_of(state: Match) -> SuecaRules:
    if not isinstance(state.rules, SuecaRules):
        raise ValueError("not a Sueca game")
    return state.rules


# Per card, looked up on every card played: its place in the order, its points.
_RANK = {card: ORDER.index(rank_of(card)) + 1 for card in DECK_40}
_POINTS = {card: VALUES.get(rank_of(card), 0) for card in DECK_40}


def points_of(cards: Sequence[str]) -> int:
    return sum(_POINTS[card] for card in cards)


def strength(hand: TrickHand, played: Played, lead: str) -> int:
    """A trump beats any other suit; otherwise only the suit led can take the trick."""
    card = played.card
    suit = card[-1]
    if suit == hand.trump:
        return 20 + _RANK[card]
    return _RANK[card] if suit == lead else 0


def _trick_points(cards: Sequence[Played]) -> int:
    return sum(_POINTS[p.card] for p in cards)


def decide(command: Command, state: Match) -> list[Event]:
    rules = rules_of(state)
    match command:
        case DealCards():
            return _deal(command, state)
        case PlayCard():
            return _play(command, state, rules)
        case AskRedeal():
            return _redeal(command, state, rules)
        case RecordSuecaResult():
            return _result(command, state, rules)
        case RecordPenalty():
            return penalize(command, state, PENALTIES, lambda _: rules.penalty_points)
        case UndoLastMove():
            return undo(command, state)
    raise InvalidInput("invalid-command", f"a Sueca game has no {type(command).__name__}")


def _deal(command: DealCards, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    hands = check_hands(command.hands, TRICKS, DECK_40, "Sueca")
    trump_card = shown_card(command.trump_card, "trump card (the dealer's last card)")
    if trump_card not in hands[dealer]:
        raise InvalidInput(
            "invalid-deal",
            f"the trump card {trump_card} is the dealer's last card: seat {dealer} must hold it",
        )
    if command.vira is not None:
        raise InvalidInput("invalid-deal", "Sueca turns no vira: its trump card says the trump")
    return [cards_dealt(state, command.at, dealer, hands, trump_card=trump_card)]


def _play(command: PlayCard, state: Match, rules: SuecaRules) -> list[Event]:
    hand, seat, card = card_in_turn(state, command.seat, command.card, DECK_40, "Sueca")
    if command.covered:
        raise IllegalMove("covered-not-allowed", "in Sueca every card is played face up")
    if hand.trick:
        lead = suit_of(hand.trick[0].card)
        if suit_of(card) != lead and holds_suit(hand, seat, lead):
            raise TellsAHand(
                "must-follow-suit", f"seat {seat} holds {lead} (the suit led) and must follow it"
            )
    event = CardPlayed(at=command.at, seat=seat, card=card)
    if len(hand.tricks) < TRICKS - 1 or len(hand.trick) < 3:
        return [event]  # not the deal's last card (the common case: nothing to count)
    after = apply(hand, event)
    outcome, winner, base = scored(rules, state, after.card_points, after.won)
    ended = hand_ended(
        state,
        outcome=outcome,
        winner=winner,
        base=base,
        at=command.at,
        card_points=after.card_points,
        **card_facts(state, after),
    )
    return then_finish(state, [event, ended], command.at)


def scored(
    rules: SuecaRules, state: Match, points: PerTeam, tricks: PerTeam | None
) -> tuple[Outcome, Team | None, int]:
    """(outcome, winner, game points before any carried tie) of a deal (seed 003, S2-S4)."""
    for team in TEAMS:
        if tricks is not None and tricks.of(team) == TRICKS:
            short = rules.target - state.score.get(team, 0) - state.pending_bonus
            return "bandeirada", team, max(2, short) if rules.bandeirada_wins else 2
    if points.A == points.B:
        return "empate", None, 0
    winner: Team = "A" if points.A > points.B else "B"
    return "tricks", winner, 2 if points.of(winner) > 90 else 1


def _redeal(command: AskRedeal, state: Match, rules: SuecaRules) -> list[Event]:
    """Only the opening player, before the first card, with cards worth 10 or less (S1)."""
    hand = hand_of(state, TrickHand)
    seat = check_seat(command.seat)
    if seat != hand.opener or hand.moves:
        raise IllegalMove(
            "redeal-not-allowed", "only the opening player may ask, before the first card"
        )
    worth = points_of(hand.hands[seat])
    if worth > rules.redeal_up_to:
        raise TellsAHand(
            "redeal-not-allowed",
            f"these cards are worth more than {rules.redeal_up_to} points: play them",
        )
    return [RedealAsked(at=command.at, number=hand.number, seat=seat, points=worth)]


def _result(command: RecordSuecaResult, state: Match, rules: SuecaRules) -> list[Event]:
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    points, tricks = command.points, command.tricks
    if min(points.A, points.B) < 0 or points.A + points.B != DEAL_POINTS:
        raise InvalidInput("invalid-result", "the card points of a deal add up to 120")
    if tricks is not None:
        if min(tricks.A, tricks.B) < 0 or tricks.A + tricks.B != TRICKS:
            raise InvalidInput("invalid-result", "a deal has 10 tricks in all")
        if any(tricks.of(t) == 0 and points.of(t) > 0 for t in TEAMS):
            raise InvalidInput("invalid-result", "a team that took no trick has no card points")
    elif DEAL_POINTS in (points.A, points.B):
        raise InvalidInput(
            "invalid-result", "120 to 0: say the tricks too (10 to 0 is a bandeirada)"
        )
    outcome, winner, base = scored(rules, state, points, tricks)
    ended = hand_ended(
        state,
        outcome=outcome,
        winner=winner,
        base=base,
        at=at,
        started_at=command.started_at,
        opener=None if state.next_dealer is None else opener_after_dealer(state.next_dealer),
        dealer=state.next_dealer,
        card_points=points,
        tricks=tricks,
    )
    return then_finish(state, [ended], at)


def start(event: CardsDealt, state: Match) -> TrickHand:
    trump_card = event.trump_card or ""
    return TrickHand(
        number=event.number,
        opener=event.opener,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event,
        hands=event.hands,
        leader=event.opener,
        trump=suit_of(trump_card) if trump_card else None,
        trump_card=event.trump_card,
    )


def apply(hand: TrickHand, event: Event) -> TrickHand:
    if isinstance(event, CardPlayed):
        after = play(hand, Played(seat=event.seat, card=event.card), strength, _trick_points)
        return replace(after, moves=(*hand.moves, event))
    return hand


def evolve(state: Match, event: Event) -> Match:
    match event:
        case CardsDealt():
            hand = start(event, state)
            return replace(
                state, hand=hand, turn=hand.opener, started_at=state.started_at or event.at
            )
        case CardPlayed():
            hand = apply(hand_of(state, TrickHand), event)
            return replace(state, hand=hand, turn=hand.to_play)
        case MoveUndone():
            hand = take_back(hand_of(state, TrickHand), state, start, apply)
            return replace(state, hand=hand, turn=hand.to_play)
        case RedealAsked():
            dealer = hand_of(state, TrickHand).dealer
            return replace(state, hand=None, turn=None, next_dealer=dealer)
    return state


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCards:
    """Ten cards to each seat; the trump card is the dealer's last."""
    dealer = dealer_for(state, None)
    cards = list(order)
    hands = [cards[s * TRICKS : (s + 1) * TRICKS] for s in range(4)]
    return DealCards(at=at, hands=hands, dealer=dealer, trump_card=hands[dealer][-1])


def move(request: MoveRequest, at: datetime) -> PlayCard | AskRedeal:
    if one_of(request, ("card", "redeal"), "Sueca") == "redeal":
        return AskRedeal(at=at, seat=request.seat)
    return PlayCard(at=at, seat=request.seat, card=request.card or "", covered=request.covered)


def result(request: ResultRequest, at: datetime) -> RecordSuecaResult:
    no_dominoes_result(request, "Sueca")
    if (
        not isinstance(request.points, PerTeam)
        or request.winner is not None
        or request.value is not None
        or isinstance(request.tricks, list)
        or request.bids is not None
    ):
        raise MalformedRequest(
            'a Sueca result gives the card points per team, "points": {"A": n, "B": m}, '
            'and "tricks" likewise'
        )
    return RecordSuecaResult(
        at=at,
        points=request.points,
        tricks=request.tricks,
        started_at=request.started_at,
        played_at=request.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """A deal counted card by card or by its points (a penalty's has none)."""
    if result.card_points is None:
        return None
    body: dict[str, object] = {"points": {"A": result.card_points.A, "B": result.card_points.B}}
    if result.tricks is not None:
        body["tricks"] = {"A": result.tricks.A, "B": result.tricks.B}
    return body


EXAMPLES = Examples(
    create={"sueca": ("A game of Sueca to 4 game points", {"preset": "sueca"})},
    deal={
        "sueca": (
            "A Sueca deal: 10 cards each; the trump card is the dealer's last",
            {
                "dealer": 3,
                "hands": [
                    ["AH", "7H", "KH", "2C", "3C", "4C", "5C", "6C", "QS", "JS"],
                    ["QH", "JH", "2H", "3H", "AC", "7C", "KC", "2S", "3S", "4S"],
                    ["4H", "5H", "6H", "QC", "JC", "5S", "6S", "KS", "7S", "AS"],
                    ["2D", "3D", "4D", "5D", "6D", "QD", "JD", "KD", "7D", "AD"],
                ],
                "trump_card": "AD",
            },
        ),
    },
    move={
        "card": ("Seat 1 plays the 7 of copas", {"seat": 1, "card": "7H"}),
        "redeal": (
            "Sueca: the opening player's cards are worth 10 or less",
            {"seat": 0, "redeal": True},
        ),
    },
    result={
        "sueca": (
            "Sueca: team A took 75 card points in 6 tricks",
            {"points": {"A": 75, "B": 45}, "tricks": {"A": 6, "B": 4}},
        ),
        "bandeirada": (
            "Sueca: team B took every trick",
            {"points": {"A": 0, "B": 120}, "tricks": {"A": 0, "B": 10}},
        ),
    },
)


def shown(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    """The trump, the dealer's last card that named it, and the card points taken so far."""
    assert isinstance(hand, TrickHand)
    points = hand.card_points
    return {
        "trump": hand.trump,
        "trump_card": hand.trump_card,
        "card_points": {"A": points.A, "B": points.B},
    }


FIELDS = {
    "deal.trump_card": "the dealer's last card, whose suit is the trump.",
    "move.redeal": "the opening player's cards are worth 10 or less: redeal.",
    "result.points": "card points per team (120 in all).",
    "result.tricks": "tricks per team (10 to 0: a bandeirada).",
    "penalty.kind": "slow-play, signal, out-of-turn, cards-shown, renounce.",
    "view.trump": "the trump suit (C, D, H or S).",
    "view.trump_card": "the dealer's last card, shown to all.",
    "view.card_points": "card points taken so far (120 in a deal).",
    "hand.card_points": "card points each team took (120 in all).",
    "hand.tricks": "tricks each team took.",
}
"""What the shared bodies' fields mean in Sueca, for the API document."""

SUECA = Game(
    name="sueca",
    family="cards",
    presets=("sueca",),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_40,
    shuffled=shuffled,
    deal=lambda request, at: posted_deal(request, at, "Sueca"),
    move=move,
    result=result,
    result_body=result_body,
    shown=shown,
    examples=EXAMPLES,
    fields=FIELDS,
)
