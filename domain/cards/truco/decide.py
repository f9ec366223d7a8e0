"""Truco's decisions: the deal, a card, a raise and its answer, a hand by its result."""

from collections.abc import Sequence
from datetime import datetime

from msgspec.structs import replace

from domain.cards.cards import DECK_40
from domain.cards.dealer import dealer_for, opener_after_dealer
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.cards.tricks.deal import cards_dealt, check_hands, shown_card
from domain.cards.tricks.events import CardPlayed
from domain.cards.tricks.hand import TrickHand
from domain.cards.tricks.play import card_facts, card_of_turn, check_held, penalize, undo
from domain.cards.truco.commands import (
    RAISES,
    AnswerRaise,
    CallRaise,
    PlayByPosition,
    RecordTrucoResult,
)
from domain.cards.truco.events import RaiseAccepted, RaiseCalled
from domain.cards.truco.evolve import apply
from domain.cards.truco.hand import TrucoHand
from domain.cards.truco.rounds import CARDS, eleven, hand_outcome, rules_of
from domain.cards.truco.rules import TrucoRules
from domain.errors import IllegalMove, InvalidInput, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event
from domain.match.finish import hand_ended, then_finish
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.state import Match, Raise
from domain.table import Team, check_seat, other, team_of

VALUES = (1, 3, 6, 9, 12)
NEXT_VALUE = {1: 3, 3: 6, 6: 9, 9: 12}
CALL_NAMES = {value: name for name, value in RAISES.items()}
PENALTIES: dict[str, Consequence] = {
    "slow-play": "warning",
    "out-of-turn": "hand-lost",
    "cards-shown": "hand-lost",
}
"""Signs between partners are part of Truco: not an infraction (T7)."""


def decide(command: Command, state: Match) -> list[Event]:
    rules = rules_of(state)
    match command:
        case DealCards():
            return _deal(command, state)
        case PlayCard():
            return _play(command, state, rules)
        case PlayByPosition():
            return _play(_the_card_at(command, state), state, rules)
        case CallRaise():
            return _call(command, state, rules)
        case AnswerRaise():
            return _answer(command, state)
        case RecordTrucoResult():
            return _result(command, state, rules)
        case RecordPenalty():
            return penalize(command, state, PENALTIES, lambda hand: _value_now(rules, state, hand))
        case UndoLastMove():
            _not_seen_by_all(state)
            return undo(command, state)
    raise InvalidInput("invalid-command", f"a Truco game has no {type(command).__name__}")


def _value_now(rules: TrucoRules, state: Match, hand: TrickHand | None) -> int:
    if isinstance(hand, TrucoHand):
        return hand.value
    return rules.eleven_value if eleven(rules, state)[0] else 1


def _deal(command: DealCards, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    hands = check_hands(command.hands, CARDS, DECK_40, "Truco")
    vira = shown_card(command.vira, "vira (the card turned up)")
    if vira not in DECK_40:
        raise InvalidInput("invalid-card", f"{vira} is not in the Truco deck")
    if any(vira in cards for cards in hands):
        raise InvalidInput("invalid-deal", f"the vira {vira} is in a hand: each card is dealt once")
    if command.trump_card is not None:
        raise InvalidInput("invalid-deal", "Truco has no trump card: it turns a vira")
    return [cards_dealt(state, command.at, dealer, hands, vira=vira)]


def _play(command: PlayCard, state: Match, rules: TrucoRules) -> list[Event]:
    _no_pending(hand_of(state, TrucoHand))
    hand, seat, card = card_of_turn(state, command.seat, command.card, DECK_40, "Truco", TrucoHand)
    round_number = len(hand.tricks) + 1
    if command.covered and round_number < rules.covered_from_round:
        raise IllegalMove(
            "covered-not-allowed",
            f"a card may be played covered from round {rules.covered_from_round} on (T5)",
        )
    check_held(hand, seat, card)
    event = CardPlayed(at=command.at, seat=seat, card=card, covered=command.covered)
    if len(hand.trick) < 3:
        return [event]  # no round closes: the hand cannot end
    after = apply(hand, event)
    over, winner = hand_outcome([t.team for t in after.tricks])
    if not over:
        return [event]
    ended = hand_ended(
        state,
        outcome="tricks" if winner else "empate",
        winner=winner,
        base=after.value,
        at=command.at,
        **card_facts(state, after),
    )
    return then_finish(state, [event, ended], command.at)


def _the_card_at(command: PlayByPosition, state: Match) -> PlayCard:
    """The card a blind seat turns over, by its place among the cards it holds."""
    hand = hand_of(state, TrucoHand)
    seat = check_seat(command.seat)
    if not hand.blind:
        raise IllegalMove(
            "not-blind",
            "a card is played by its position only in a mão de ferro (T3), where nobody sees "
            "their own cards: name the card",
        )
    cards = hand.hands[seat]
    if not 0 <= command.position < len(cards):
        raise IllegalMove(
            "no-card-there",
            f"seat {seat} holds {len(cards)} card(s): a position from 0 to {len(cards) - 1}",
        )
    card = cards[command.position]
    return PlayCard(at=command.at, seat=seat, card=card, covered=command.covered)


def _not_seen_by_all(state: Match) -> None:
    """A card turned over face up in a mão de ferro has been seen by its own blind player:
    taken back, it would tell them what they hold (and where, when they play by position)."""
    hand = state.hand
    if not isinstance(hand, TrucoHand) or not hand.blind or not hand.moves:
        return
    last = hand.moves[-1]
    if isinstance(last, CardPlayed) and not last.covered:
        raise IllegalMove(
            "card-turned-over",
            "a card turned over in a mão de ferro has been seen: it stays played (T3); "
            "annul the hand to deal it again",
        )


def _no_pending(hand: TrucoHand) -> None:
    if hand.pending is not None:
        raise IllegalMove(
            "raise-pending",
            f"seat {hand.pending.seat} asked for {hand.pending.value}: the other team accepts, "
            "runs or raises first",
        )


def _call(command: CallRaise, state: Match, rules: TrucoRules) -> list[Event]:
    """A raise by the seat in turn, or a raise answering a raise (T3, T6)."""
    hand = hand_of(state, TrucoHand)
    seat = check_seat(command.seat)
    asked = RAISES.get(command.call)
    if asked is None:
        raise InvalidInput("invalid-command", f"a raise is one of {', '.join(RAISES)}")
    called = RaiseCalled(at=command.at, seat=seat, value=asked)
    if hand.eleven:
        # Seed 003: "Na mão de 11 não se pode pedir truco, se uma dupla pedir ela perde o jogo".
        winner = other(team_of(seat))
        # The raise that forfeits is on the hand's record, as every raise of the hand is.
        forfeiting = replace(hand, raises=(*hand.raises, Raise(seat=seat, value=asked)))
        lost = hand_ended(
            state,
            outcome="forfeit",
            winner=winner,
            base=max(1, rules.target - state.score.get(winner, 0)),
            by_seat=seat,
            at=command.at,
            **card_facts(state, forfeiting),
        )
        return then_finish(state, [called, lost], command.at)
    if hand.pending is not None:
        _answering(hand.pending, seat)
        now = hand.pending.value
    else:
        check_turn(state, seat)
        if hand.last_raiser == team_of(seat):
            raise IllegalMove(
                "raise-twice", "a team may not raise twice in a row: the other team raises next"
            )
        now = hand.value
    due = NEXT_VALUE.get(now)
    if due is None:
        raise IllegalMove("wrong-raise", "the hand is worth 12: there is no raise left")
    if asked != due:
        raise IllegalMove(
            "wrong-raise", f"the hand is worth {now}: the next raise is {CALL_NAMES[due]} ({due})"
        )
    return [called]


def _answering(pending: Raise, seat: int) -> None:
    if team_of(seat) == team_of(pending.seat):
        raise IllegalMove(
            "not-answering-team", f"seat {seat} is the raising team's: the other team answers"
        )


def _answer(command: AnswerRaise, state: Match) -> list[Event]:
    hand = hand_of(state, TrucoHand)
    seat = check_seat(command.seat)
    pending = hand.pending
    if pending is None:
        raise WrongStatus("no-raise-pending", "no raise is waiting for an answer")
    _answering(pending, seat)
    if command.accept:
        return [RaiseAccepted(at=command.at, seat=seat, value=pending.value)]
    ran = hand_ended(
        state,
        outcome="run",
        winner=team_of(pending.seat),
        base=hand.value,
        by_seat=seat,
        at=command.at,
        **card_facts(state, hand),
    )
    return then_finish(state, [ran], command.at)


def _result(command: RecordTrucoResult, state: Match, rules: TrucoRules) -> list[Event]:
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    in_eleven = eleven(rules, state)[0]
    raises = _raised(command.raises, in_eleven)
    ran = False
    if command.tie:
        if command.winner is not None or command.value is not None:
            raise InvalidInput("invalid-result", "a tied hand has no winner and is worth nothing")
        winner, value = None, 0
    else:
        if command.winner is None or command.value not in VALUES:
            raise InvalidInput(
                "invalid-result",
                "say the winning team and what the hand was worth: 1, 3, 6, 9 or 12 "
                '(or "tie": true when every round tied)',
            )
        winner, value = command.winner, command.value
        if in_eleven and value != rules.eleven_value:
            raise InvalidInput(
                "invalid-result", f"a mão de 11 is worth {rules.eleven_value}, never raised"
            )
        ran = _run_from(raises, winner, value)
    due = state.next_dealer
    ended = hand_ended(
        state,
        outcome="empate" if winner is None else "run" if ran else "tricks",
        winner=winner,
        base=value,
        at=at,
        started_at=command.started_at,
        opener=None if due is None else opener_after_dealer(due),
        dealer=due,
        raises=raises,
    )
    return then_finish(state, [ended], at)


def _raised(raises: tuple[Raise, ...], in_eleven: bool) -> tuple[Raise, ...]:
    """T9: the raises a result names are raises that could be called: truco, seis, nove,
    doze in turn, never twice in a row by one team (T6), none in a mão de 11 (T3)."""
    if raises and in_eleven:
        raise InvalidInput("invalid-result", "a mão de 11 has no raise: one called loses the game")
    value = 1
    for n, called in enumerate(raises):
        check_seat(called.seat)
        if called.value != NEXT_VALUE.get(value):
            raise InvalidInput("invalid-result", "the raises go 3, 6, 9, 12: each the next one")
        if n and team_of(called.seat) == team_of(raises[n - 1].seat):
            raise InvalidInput("invalid-result", "a team never raises twice in a row (T6)")
        value = called.value
    return raises


def _run_from(raises: tuple[Raise, ...], winner: Team, value: int) -> bool:
    """Whether a raised hand was run from (T9): worth its last raise, it was played out (or
    run from a raise the sheet did not note); worth the value before it, the other team ran
    and the raisers won it."""
    if not raises:
        return False
    last, before = raises[-1].value, raises[-2].value if len(raises) > 1 else 1
    if value == last:
        return False
    if value != before:
        raise InvalidInput(
            "invalid-result",
            f"a hand raised to {last} is worth {last}, or {before} when the other team ran",
        )
    if winner != team_of(raises[-1].seat):
        raise InvalidInput(
            "invalid-result", "a hand run from goes to the team that raised last (T6)"
        )
    return True


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCards:
    """Three cards to each seat, then the vira turned up."""
    cards = list(order)
    hands = [cards[s * CARDS : (s + 1) * CARDS] for s in range(4)]
    return DealCards(at=at, hands=hands, dealer=dealer_for(state, None), vira=cards[4 * CARDS])
