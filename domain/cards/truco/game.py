"""Truco paulista (seed 003): two partnerships, 40 cards, three to each seat; a hand is the
best of three rounds, worth 1 and raised to 3, 6, 9, 12; the game goes to 12."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from msgspec.structs import replace

from domain.cards.cards import DECK_40, normalise, rank_of
from domain.cards.commands import (
    RAISES,
    AnswerRaise,
    CallRaise,
    DealCards,
    PlayCard,
    RecordTrucoResult,
)
from domain.cards.deal import (
    cards_dealt,
    check_hands,
    dealer_for,
    opener_after_dealer,
    shown_card,
)
from domain.cards.events import CardPlayed, CardsDealt, RaiseAccepted, RaiseCalled
from domain.cards.hand import Played, TrickHand
from domain.cards.play import (
    after_hand,
    card_facts,
    card_of_turn,
    check_held,
    no_dominoes_result,
    penalize,
    posted_deal,
    take_back,
    undo,
)
from domain.cards.tricks import play
from domain.cards.truco.rules import TrucoRules
from domain.errors import IllegalMove, InvalidInput, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, MoveUndone
from domain.match.finish import hand_ended, then_finish
from domain.match.game import Examples, Game
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.requests import MalformedRequest, MoveRequest, ResultRequest, one_of
from domain.match.state import GameHand, HandResult, Match, Raise
from domain.table import TEAMS, Team, check_seat, next_seat, other, team_of

ORDER = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
"""From the lowest to the highest; the suit does not matter, except among manilhas."""
MANILHA_SUITS = ("D", "S", "H", "C")
"""Ouros < espadas < copas < paus."""
CARDS = 3
VALUES = (1, 3, 6, 9, 12)
NEXT_VALUE = {1: 3, 3: 6, 6: 9, 9: 12}
CALL_NAMES = {value: name for name, value in RAISES.items()}
PENALTIES: dict[str, Consequence] = {
    "slow-play": "warning",
    "out-of-turn": "hand-lost",
    "cards-shown": "hand-lost",
}
"""Signs between partners are part of Truco: not an infraction (T7)."""


def rules_of(state: Match) -> TrucoRules:
    if not isinstance(state.rules, TrucoRules):
        raise ValueError("not a Truco game")
    return state.rules


_RANK = {card: ORDER.index(rank_of(card)) + 1 for card in DECK_40}
_MANILHA = {suit: 20 + i for i, suit in enumerate(MANILHA_SUITS)}


def manilha_of(vira: str) -> str:
    """The rank after the vira's, round from 3 back to 4."""
    return ORDER[(ORDER.index(rank_of(vira)) + 1) % len(ORDER)]


def strength(hand: TrickHand, played: Played, lead: str) -> int:
    """A covered card is worth nothing; a manilha beats every other card (T1, T5)."""
    if played.covered:
        return 0
    card = played.card
    if card[:-1] == hand.manilha:
        return _MANILHA[card[-1]]
    return _RANK[card]


def hand_outcome(rounds: list[Team | None]) -> tuple[bool, Team | None]:
    """(over, winner) from the rounds so far: two rounds won; a tie goes to the team that
    won another round (the first round's winner when each won one); three ties, nobody (T2)."""
    a, b = rounds.count("A"), rounds.count("B")
    if a == 2 or b == 2:
        return True, "A" if a == 2 else "B"
    if None in rounds and a + b == 1:
        return True, "A" if a else "B"
    if len(rounds) == CARDS:
        return True, rounds[0] if a == b == 1 else None
    return False, None


def eleven(rules: TrucoRules, state: Match) -> tuple[bool, bool]:
    """(mão de 11: a team is one point from the game, mão de ferro: both are)."""
    at = [state.score.get(t, 0) == rules.target - 1 for t in TEAMS]
    return any(at), all(at)


def decide(command: Command, state: Match) -> list[Event]:
    rules = rules_of(state)
    match command:
        case DealCards():
            return _deal(command, state)
        case PlayCard():
            return _play(command, state, rules)
        case CallRaise():
            return _call(command, state, rules)
        case AnswerRaise():
            return _answer(command, state)
        case RecordTrucoResult():
            return _result(command, state, rules)
        case RecordPenalty():
            return penalize(command, state, PENALTIES, lambda hand: _value_now(rules, state, hand))
        case UndoLastMove():
            return undo(command, state)
    raise InvalidInput("invalid-command", f"a Truco game has no {type(command).__name__}")


def _value_now(rules: TrucoRules, state: Match, hand: TrickHand | None) -> int:
    if hand is not None:
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
    _no_pending(hand_of(state, TrickHand))
    hand, seat, card = card_of_turn(state, command.seat, command.card, DECK_40, "Truco")
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


def _no_pending(hand: TrickHand) -> None:
    if hand.pending is not None:
        raise IllegalMove(
            "raise-pending",
            f"seat {hand.pending.seat} asked for {hand.pending.value}: the other team accepts, "
            "runs or raises first",
        )


def _call(command: CallRaise, state: Match, rules: TrucoRules) -> list[Event]:
    """A raise by the seat in turn, or a raise answering a raise (T3, T6)."""
    hand = hand_of(state, TrickHand)
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
    hand = hand_of(state, TrickHand)
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
    due = state.next_dealer
    ended = hand_ended(
        state,
        outcome="empate" if winner is None else "tricks",
        winner=winner,
        base=value,
        at=at,
        started_at=command.started_at,
        opener=None if due is None else opener_after_dealer(due),
        dealer=due,
    )
    return then_finish(state, [ended], at)


def start(event: CardsDealt, state: Match) -> TrickHand:
    rules = rules_of(state)
    vira = normalise(event.vira or "")
    is_eleven, iron = eleven(rules, state)
    return TrickHand(
        number=event.number,
        opener=event.opener,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event,
        hands=event.hands,
        leader=event.opener,
        vira=vira,
        manilha=manilha_of(vira),
        value=rules.eleven_value if is_eleven else 1,
        eleven=is_eleven,
        blind=iron,
    )


def apply(hand: TrickHand, event: Event) -> TrickHand:
    moves = (*hand.moves, event)
    match event:
        case CardPlayed():
            played = Played(seat=event.seat, card=event.card, covered=event.covered)
            return replace(play(hand, played, strength), moves=moves)
        case RaiseCalled():
            pending = hand.pending
            accepted = {} if pending is None else _accepted(pending)
            raised = Raise(seat=event.seat, value=event.value)
            return replace(
                hand, moves=moves, pending=raised, raises=(*hand.raises, raised), **accepted
            )
        case RaiseAccepted() if hand.pending is not None:
            return replace(hand, moves=moves, pending=None, **_accepted(hand.pending))
    return hand


def _accepted(pending: Raise) -> dict[str, object]:
    """A raise answered by accepting it (or by raising again): the hand is worth it now."""
    return {"value": pending.value, "last_raiser": team_of(pending.seat)}


def turn_of(hand: TrickHand) -> int:
    """The seat to act: after a raise, the first of the other team to answer it."""
    return next_seat(hand.pending.seat) if hand.pending is not None else hand.to_play


def evolve(state: Match, event: Event) -> Match:
    match event:
        case CardsDealt():
            hand = start(event, state)
            return replace(
                state, hand=hand, turn=hand.opener, started_at=state.started_at or event.at
            )
        case CardPlayed() | RaiseCalled() | RaiseAccepted():
            hand = apply(hand_of(state, TrickHand), event)
            return replace(state, hand=hand, turn=turn_of(hand))
        case MoveUndone():
            hand = take_back(hand_of(state, TrickHand), state, start, apply)
            return replace(state, hand=hand, turn=turn_of(hand))
    return state


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCards:
    """Three cards to each seat, then the vira turned up."""
    cards = list(order)
    hands = [cards[s * CARDS : (s + 1) * CARDS] for s in range(4)]
    return DealCards(at=at, hands=hands, dealer=dealer_for(state, None), vira=cards[4 * CARDS])


def move(request: MoveRequest, at: datetime) -> PlayCard | CallRaise | AnswerRaise:
    said = one_of(request, ("card", "call", "accept", "run"), "Truco")
    if said == "card":
        return PlayCard(at=at, seat=request.seat, card=request.card or "", covered=request.covered)
    if said == "call" and request.call is not None:
        return CallRaise(at=at, seat=request.seat, call=request.call)
    return AnswerRaise(at=at, seat=request.seat, accept=said == "accept")


def result(request: ResultRequest, at: datetime) -> RecordTrucoResult:
    no_dominoes_result(request, "Truco")
    winner = request.winner
    if request.points is not None or request.tricks is not None or isinstance(winner, int):
        raise MalformedRequest('a Truco result is {"winner": "A", "value": 3} or {"tie": true}')
    return RecordTrucoResult(
        at=at,
        winner=winner,
        value=request.value,
        tie=request.tie,
        started_at=request.started_at,
        played_at=request.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """A hand played out or tied; one run from, forfeited or lost by a penalty has none."""
    if result.outcome == "empate":
        return {"tie": True}
    if result.outcome == "tricks":
        return {"winner": result.winner, "value": result.points - result.bonus_applied}
    return None


EXAMPLES = Examples(
    create={"truco": ("A game of Truco to 12", {"preset": "truco"})},
    deal={
        "truco": (
            "A Truco deal: 3 cards each and the vira (its next rank is the manilha)",
            {
                "dealer": 3,
                "hands": [
                    ["3H", "KC", "5D"],
                    ["AS", "4C", "QH"],
                    ["2C", "7D", "JS"],
                    ["6H", "3S", "AD"],
                ],
                "vira": "4H",
            },
        ),
    },
    move={
        "truco": ("Truco: seat 0 raises the hand to 3", {"seat": 0, "call": "truco"}),
        "accept": ("Truco: seat 1 accepts the raise", {"seat": 1, "accept": True}),
        "run": ("Truco: seat 3 runs from the raise", {"seat": 3, "run": True}),
        "covered": (
            "Truco: seat 2 plays a card face down (from round 2)",
            {"seat": 2, "card": "4C", "covered": True},
        ),
    },
    result={
        "truco": ("Truco: team A won a hand worth 3", {"winner": "A", "value": 3}),
        "truco-tie": ("Truco: every round tied", {"tie": True}),
    },
)


def shown(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    """The vira and the manilha, what the hand is worth, a raise waiting for its answer, and
    whether it is a mão de 11 (or de ferro, played blind)."""
    assert isinstance(hand, TrickHand)
    pending = hand.pending
    call = None
    if pending is not None:
        call = {"seat": pending.seat, "call": CALL_NAMES[pending.value], "value": pending.value}
    return {
        "vira": hand.vira,
        "manilha": hand.manilha,
        "hand_value": hand.value,
        "pending_call": call,
        "mao_de_onze": hand.eleven,
        "mao_de_ferro": hand.blind,
    }


FIELDS = {
    "deal.vira": "the card turned up.",
    "move.covered": "the card is played face down (from round 2).",
    "move.call": "raise the hand to 3, 6, 9 or 12, before playing.",
    "move.accept": "accept the other team's raise.",
    "move.run": "run from the raise; the raisers take the hand's value.",
    "result.winner": "the team that won it.",
    "result.value": "what it was worth: 1, 3, 6, 9 or 12.",
    "result.tie": "every round tied; nobody scores.",
    "penalty.kind": "slow-play, out-of-turn, cards-shown.",
    "view.covered": "played face down, worth nothing.",
    "view.tricks": "rounds.",
    "view.vira": "the card turned up.",
    "view.manilha": "the rank of the four manilhas.",
    "view.hand_value": "what the hand is worth now.",
    "view.pending_call": "a raise waiting for its answer.",
    "view.mao_de_onze": "a team is on 11; raising loses the game.",
    "view.mao_de_ferro": "both teams are on 11; nobody sees their own cards.",
    "hand.tricks": "rounds each team won.",
    "hand.raises": "the raises of the hand, in order.",
}
"""What the shared bodies' fields mean in Truco, for the API document."""

TRUCO = Game(
    name="truco",
    family="cards",
    presets=("truco",),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_40,
    shuffled=shuffled,
    deal=lambda request, at: posted_deal(request, at, "Truco"),
    move=move,
    result=result,
    result_body=result_body,
    shown=shown,
    examples=EXAMPLES,
    fields=FIELDS,
)
