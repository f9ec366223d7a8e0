"""Sueca's decisions: the deal, a card, a redeal asked for, a deal by its result."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.cards import DECK_40, suit_of
from domain.cards.dealer import dealer_for, opener_after_dealer
from domain.cards.sueca.commands import AskRedeal, RecordSuecaResult
from domain.cards.sueca.events import RedealAsked
from domain.cards.sueca.evolve import apply
from domain.cards.sueca.hand import SuecaHand
from domain.cards.sueca.points import (
    DEAL_POINTS,
    TEAM_POINTS,
    TRICKS,
    points_of,
    possible_in,
    rules_of,
)
from domain.cards.sueca.rules import SuecaRules
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.cards.tricks.deal import cards_dealt, check_hands, shown_card
from domain.cards.tricks.events import CardPlayed
from domain.cards.tricks.play import card_facts, card_of_turn, check_held, penalize, undo
from domain.cards.tricks.taking import holds_suit
from domain.errors import IllegalMove, InvalidInput, TellsAHand
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event
from domain.match.finish import hand_ended, then_finish
from domain.match.guards import hand_of, no_hand_in_progress, played_time
from domain.match.state import Match, Outcome, PerTeam
from domain.table import TEAMS, Team, check_seat

PENALTIES: dict[str, Consequence] = {
    "slow-play": "warning",
    "signal": "warning",
    "out-of-turn": "hand-lost",
    "cards-shown": "hand-lost",
    "renounce": "hand-lost",
}


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
    hand, seat, card = card_of_turn(state, command.seat, command.card, DECK_40, "Sueca", SuecaHand)
    check_held(hand, seat, card)
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
    hand = hand_of(state, SuecaHand)
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
    if points.A not in TEAM_POINTS:
        raise InvalidInput("invalid-result", "no card is worth 1 point: a team has 0, or 2 or more")
    if tricks is not None:
        if min(tricks.A, tricks.B) < 0 or tricks.A + tricks.B != TRICKS:
            raise InvalidInput("invalid-result", "a deal has 10 tricks in all")
        if any(tricks.of(t) == 0 and points.of(t) > 0 for t in TEAMS):
            raise InvalidInput("invalid-result", "a team that took no trick has no card points")
        for team in TEAMS:
            if points.of(team) not in possible_in(tricks.of(team)):
                raise InvalidInput(
                    "invalid-result",
                    f"no {4 * tricks.of(team)} cards make {points.of(team)} card points:"
                    f" not in {tricks.of(team)} tricks",
                )
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


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCards:
    """Ten cards to each seat; the trump card is the dealer's last."""
    dealer = dealer_for(state, None)
    cards = list(order)
    hands = [cards[s * TRICKS : (s + 1) * TRICKS] for s in range(4)]
    return DealCards(at=at, hands=hands, dealer=dealer, trump_card=hands[dealer][-1])
