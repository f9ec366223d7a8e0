"""Copas (Hearts, seed 003; card-rules.md section 2): four players each for themselves, 52
cards, 13 tricks a hand, no trump. After the deal each seat passes three cards, all at
once and unseen (C3): to the left in hand 1, the right in hand 2, across in hand 3, none in
hand 4, and so on (C2). The seat holding the two of clubs leads it; no heart and no queen
of spades in the first trick (C4); a heart is led once hearts are broken (C5, C9). Each
heart taken costs a point, the queen of spades 13; a seat that takes all 26 shoots the
moon (C6). After the hand that brings a seat to 100 the game ends, the fewest points
first, equal totals sharing a place (C7)."""

from collections.abc import Sequence
from datetime import datetime

import msgspec
from msgspec.structs import replace

from domain.cards.cards import DECK_52, in_deck, rank_of, suit_of
from domain.cards.copas import bodies
from domain.cards.copas.commands import GiveCards, RecordCopasResult
from domain.cards.copas.events import CardsExchanged, CardsGiven, Direction
from domain.cards.copas.examples import EXAMPLES, FIELDS
from domain.cards.copas.hand import QUEEN, CopasHand, card_points
from domain.cards.copas.refusals import REFUSALS
from domain.cards.copas.rules import COPAS, CopasRules
from domain.cards.copas.view import CopasView, view
from domain.cards.dealer import after_hand, dealer_for
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
from domain.errors import IllegalMove, InvalidInput, TellsAHand, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import (
    Places,
    abandoned_by_fewest_points,
    by_points,
    hand_ended,
    then_finish,
)
from domain.match.game import Bodies, Game
from domain.match.guards import hand_of, no_hand_in_progress, played_time
from domain.match.state import HandResult, Match
from domain.table import Side, check_seat

ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""From the lowest to the highest, in every suit (C1)."""
TRICKS = 13
PASSED = 3
HAND_POINTS = 26
TWO_OF_CLUBS = "2C"
DIRECTIONS: tuple[Direction, ...] = ("left", "right", "across", "none")
"""Hand 1 passes left, 2 right, 3 across, 4 keeps its cards, then again (C2)."""
OFFSET = {"left": 1, "right": 3, "across": 2, "none": 0}
"""Who receives: the seat `OFFSET` places after the giver."""
PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "signal", "out-of-turn", "cards-shown", "renounce")
}
"""The seed sets no penalty: an infraction is noted, the hand goes on (as Espadas' E12)."""
_RANK = {card: ORDER.index(rank_of(card)) + 1 for card in DECK_52}
_DETAILS = msgspec.json.Decoder(dict[str, object])


def direction_of(number: int) -> Direction:
    return DIRECTIONS[(number - 1) % 4]


def rules_of(state: Match) -> CopasRules:
    if not isinstance(state.rules, CopasRules):
        raise ValueError("not a Copas game")
    return state.rules


def strength(hand: TrickHand, played: Played, lead: str) -> int:
    """No trump: only the suit led takes the trick, its highest card."""
    return _RANK[played.card] if suit_of(played.card) == lead else 0


def decide(command: Command, state: Match) -> list[Event]:
    rules = rules_of(state)
    match command:
        case DealCards():
            return _deal(command, state)
        case GiveCards():
            return _give(command, state)
        case PlayCard():
            return _play(command, state, rules)
        case RecordCopasResult():
            return _result(command, state, rules)
        case RecordPenalty():
            return penalize(command, state, PENALTIES, lambda _: 0)
        case UndoLastMove():
            last = state.hand.moves[-1:] if isinstance(state.hand, CopasHand) else ()
            if last and isinstance(last[0], CardsExchanged):
                raise WrongStatus(
                    "nothing-to-undo", "the cards have been exchanged: a pass is not taken back"
                )
            return undo(command, state)
    raise InvalidInput("invalid-command", f"a Copas game has no {type(command).__name__}")


def _deal(command: DealCards, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    hands = check_hands(command.hands, TRICKS, DECK_52, "Copas")
    if command.trump_card is not None or command.vira is not None:
        raise InvalidInput("invalid-deal", "Copas turns no card: there is no trump")
    dealt = cards_dealt(state, command.at, dealer, hands)
    if direction_of(dealt.number) == "none":  # the holder of the two of clubs leads it now
        return [replace(dealt, opener=_holder(hands))]
    return [dealt]  # who leads is known once the cards are exchanged


def _holder(hands: Sequence[Sequence[str]]) -> int:
    return next(seat for seat, cards in enumerate(hands) if TWO_OF_CLUBS in cards)


def _give(command: GiveCards, state: Match) -> list[Event]:
    hand = hand_of(state, CopasHand)
    if not hand.passing:
        raise IllegalMove("no-pass", "no cards are passed now: play the cards")
    seat = check_seat(command.seat)
    if hand.given[seat] is not None:
        raise IllegalMove("already-given", f"seat {seat} has given its three cards")
    cards = in_deck(command.cards, DECK_52, "Copas")
    if len(cards) != PASSED or len(set(cards)) != PASSED:
        raise InvalidInput("invalid-pass", "a seat passes three different cards")
    for card in cards:
        check_held(hand, seat, card)
    given = CardsGiven(at=command.at, seat=seat, cards=cards)
    if sum(g is None for g in hand.given) > 1:
        return [given]
    after = apply(hand, given)
    assert isinstance(after, CopasHand)
    hands = _exchanged(after)
    return [given, CardsExchanged(at=command.at, direction=hand.direction, opener=_holder(hands))]


def _exchanged(hand: CopasHand) -> tuple[tuple[str, ...], ...]:
    """Each seat's hand once the cards given to it arrive."""
    offset = OFFSET[hand.direction]
    received = {(giver + offset) % 4: cards for giver, cards in enumerate(hand.given)}
    return tuple((*held, *(received[seat] or ())) for seat, held in enumerate(hand.hands))


def _play(command: PlayCard, state: Match, rules: CopasRules) -> list[Event]:
    if hand_of(state, CopasHand).passing:
        raise IllegalMove("pass-pending", "every seat passes its three cards before the first card")
    if command.covered:
        raise IllegalMove("covered-not-allowed", "in Copas every card is played face up")
    _, seat, card = card_of_turn(state, command.seat, command.card, DECK_52, "Copas")
    hand = state.hand
    assert isinstance(hand, CopasHand)
    if not hand.tricks and not hand.trick and card != TWO_OF_CLUBS:
        raise IllegalMove("two-of-clubs-leads", "the first card of a hand is the two of clubs")
    check_held(hand, seat, card)
    _check_follow(hand, seat, card)
    event = CardPlayed(at=command.at, seat=seat, card=card)
    if len(hand.tricks) < TRICKS - 1 or len(hand.trick) < 3:
        return [event]
    after = apply(hand, event)
    assert isinstance(after, CopasHand)
    ended = _ended(state, rules, after.taken, command.at, after)
    return then_finish(state, [event, ended], command.at, places_of=places_of)


def _check_follow(hand: CopasHand, seat: int, card: str) -> None:
    """C4, C5, C9: each refusal depends on the seat's own cards, so it is a `TellsAHand`."""
    held = hand.hands[seat]
    lead = suit_of(hand.trick[0].card) if hand.trick else None
    if lead is not None and suit_of(card) != lead and holds_suit(hand, seat, lead):
        raise TellsAHand("must-follow-suit", f"seat {seat} holds {lead} and must follow it")
    if not hand.tricks and card_points(card) and any(not card_points(c) for c in held):
        raise TellsAHand(
            "points-in-first-trick",
            "no heart and no queen of spades in the first trick while the seat has another "
            "card (C4)",
        )
    unbroken = lead is None and not hand.hearts_broken
    if unbroken and suit_of(card) == "H" and any(suit_of(c) != "H" for c in held):
        raise TellsAHand(
            "hearts-not-broken", "a heart is led once hearts are broken, or from hearts alone"
        )


def _result(command: RecordCopasResult, state: Match, rules: CopasRules) -> list[Event]:
    """C10: points that add up to 26, one seat holding the queen's 13 (or all 26)."""
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    points = command.points
    if len(points) != 4 or any(type(p) is not int or p < 0 for p in points):
        raise InvalidInput("invalid-result", "a Copas result gives 4 seats' points, in seat order")
    if sum(points) != HAND_POINTS:
        raise InvalidInput("invalid-result", "the points of a hand add up to 26 (13 hearts, 13)")
    if max(points) < 13:
        raise InvalidInput(
            "invalid-result", "one seat took the queen of spades: its points are 13 or more"
        )
    return then_finish(
        state,
        [_ended(state, rules, points, at, None, command.started_at)],
        at,
        places_of=places_of,
    )


def scores_of(taken: Sequence[int], moon: bool) -> tuple[dict[Side, int], int | None]:
    """(each seat's score for the hand, the seat that shot the moon or None)."""
    shooter = next((s for s, p in enumerate(taken) if p == HAND_POINTS), None) if moon else None
    if shooter is None:
        return {str(s): p for s, p in enumerate(taken)}, None
    return {str(s): 0 if s == shooter else HAND_POINTS for s in range(4)}, shooter


def _ended(
    state: Match,
    rules: CopasRules,
    taken: Sequence[int],
    at: datetime,
    hand: CopasHand | None,
    started_at: datetime | None = None,
) -> HandEnded:
    scores, shooter = scores_of(taken, rules.moon)
    least = min(scores.values())
    best = [side for side, points in scores.items() if points == least]
    winner = best[0] if len(best) == 1 else None
    holders = [seat for seat, points in enumerate(taken) if points >= 13]
    queen = shooter if shooter is not None else holders[0] if len(holders) == 1 else None
    details: dict[str, object] = {"taken": list(taken), "moon": shooter, "queen": queen}
    if hand is not None:
        details["tricks"] = [sum(t.winner == seat for t in hand.tricks) for seat in range(4)]
        details["direction"] = hand.direction
        details["queen"] = next(
            t.winner for t in hand.tricks if any(p.card == QUEEN for p in t.cards)
        )
    return hand_ended(
        state,
        outcome="tricks",
        winner=winner,
        base=least if winner is not None else 0,
        at=at,
        started_at=started_at,
        dealer=hand.dealer if hand else state.next_dealer,
        scores=scores,
        details=details,
        **({} if hand else {"opener": None}),
    )


def places_of(state: Match) -> Places | None:
    """C7: after a hand that brings any seat to the target, the fewest points first."""
    if max(state.score.values(), default=0) < rules_of(state).target:
        return None
    return by_points(state, lowest_first=True)


def start(event: CardsDealt, state: Match) -> CopasHand:
    direction = direction_of(event.number)
    return CopasHand(
        number=event.number,
        opener=event.opener,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event,
        hands=event.hands,
        leader=event.opener,
        direction=direction,
    )


def apply(hand: CopasHand, event: Event) -> CopasHand:
    moves = (*hand.moves, event)
    if isinstance(event, CardsGiven):
        held = hand.hands[event.seat]
        kept = tuple(c for c in held if c not in event.cards)
        hands = tuple(kept if s == event.seat else h for s, h in enumerate(hand.hands))
        given = tuple(event.cards if s == event.seat else g for s, g in enumerate(hand.given))
        return replace(hand, hands=hands, given=given, moves=moves)
    if isinstance(event, CardsExchanged):
        return replace(
            hand,
            hands=_exchanged(hand),
            exchanged=True,
            opener=event.opener,
            leader=event.opener,
            moves=moves,
        )
    if isinstance(event, CardPlayed):
        after = play(hand, Played(seat=event.seat, card=event.card), strength, teams=False)
        broken = hand.hearts_broken or suit_of(event.card) == "H"
        return replace(after, moves=moves, hearts_broken=broken)
    return hand


def _turn(hand: TrickHand) -> int | None:
    assert isinstance(hand, CopasHand)
    return None if hand.passing else hand.to_play


def evolve(state: Match, event: Event) -> Match:
    match event:
        case CardsDealt():
            hand = start(event, state)
            started = state.started_at or event.at
            return replace(state, hand=hand, turn=_turn(hand), started_at=started)
        case CardsGiven() | CardsExchanged() | CardPlayed():
            hand = apply(hand_of(state, CopasHand), event)
            return replace(state, hand=hand, turn=_turn(hand))
        case MoveUndone():
            hand = take_back(hand_of(state, CopasHand), state, start, apply)
            return replace(state, hand=hand, turn=_turn(hand))
    return state


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCards:
    """Thirteen cards to each seat, dealt by the seat due to deal."""
    cards = list(order)
    hands = [cards[s * TRICKS : (s + 1) * TRICKS] for s in range(4)]
    return DealCards(at=at, hands=hands, dealer=dealer_for(state, None))


def result_body(result: HandResult) -> dict[str, object] | None:
    """The points each seat took, before the moon rule (the service applies it again)."""
    if result.outcome != "tricks" or not result.scores:
        return None
    return {"points": _DETAILS.decode(result.details or "{}").get("taken")}


COPAS_GAME = Game(
    name="copas",
    family="cards",
    rule_sets=(COPAS,),
    events=(*TRICK_EVENTS, CardsGiven, CardsExchanged),
    commands=(*TRICK_COMMANDS, GiveCards, RecordCopasResult),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_52,
    shuffled=shuffled,
    result_body=result_body,
    examples=EXAMPLES,
    partnerships="never",
    fields=FIELDS,
    bodies=Bodies(
        deal=bodies.CopasDeal,
        move=bodies.CopasMove,
        result=bodies.CopasResult,
        hand=CopasView,
        dealt=bodies.dealt,
        moved=bodies.moved,
        recorded=bodies.recorded,
        view=view,
    ),
    abandoned=abandoned_by_fewest_points,
    refusals=REFUSALS,
)
