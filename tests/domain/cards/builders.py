"""Builders for the card-game tests: games created, deals made, cards played through
`decide` (so every history a test starts from is one the rules allow)."""

from collections.abc import Mapping, Sequence
from typing import Any

from domain import (
    DECK_40,
    AnswerRaise,
    CallRaise,
    DealCards,
    Event,
    HandEnded,
    Match,
    MatchCommand,
    MatchCreated,
    PerTeam,
    PlayCard,
    RecordPenalty,
    RecordSuecaResult,
    RecordTrucoResult,
    Team,
    TrickHand,
    decide,
    fold,
)
from domain.cards.truco.commands import RaiseCall
from domain.match.rules import GameRules
from tests.domain.builders import AT, created

Hands = list[list[str]]


def sueca(**overrides: Any) -> MatchCreated[GameRules]:
    return created("sueca", **overrides)


def truco(**overrides: Any) -> MatchCreated[GameRules]:
    return created("truco", **overrides)


def fill(known: Mapping[int, Sequence[str]], size: int, leave_out: Sequence[str] = ()) -> Hands:
    """Each seat's cards: those `known` first, then the rest of the 40-card deck, in deck
    order, to the seats that still need cards (seat 0 first)."""
    hands = [list(known.get(seat, ())) for seat in range(4)]
    taken = {card for hand in hands for card in hand} | set(leave_out)
    rest = [card for card in DECK_40 if card not in taken]
    for hand in hands:
        while len(hand) < size:
            hand.append(rest.pop(0))
    return hands


def sueca_hands(known: Mapping[int, Sequence[str]], trump_card: str, dealer: int = 3) -> Hands:
    """Ten cards a seat; the dealer holds the trump card (added to its known cards)."""
    mine = dict(known)
    if not any(trump_card in cards for cards in mine.values()):
        mine[dealer] = [*mine.get(dealer, ()), trump_card]
    return fill(mine, 10)


def sueca_deal(
    known: Mapping[int, Sequence[str]], trump_card: str, dealer: int | None = None
) -> DealCards:
    hands = sueca_hands(known, trump_card, 3 if dealer is None else dealer)
    return DealCards(at=AT, hands=hands, dealer=dealer, trump_card=trump_card)


def truco_deal(
    known: Mapping[int, Sequence[str]], vira: str, dealer: int | None = None
) -> DealCards:
    """Three cards a seat, the vira turned up apart."""
    return DealCards(at=AT, hands=fill(known, 3, leave_out=[vira]), dealer=dealer, vira=vira)


def card(seat: int, text: str, covered: bool = False) -> PlayCard:
    return PlayCard(at=AT, seat=seat, card=text, covered=covered)


def cards(*texts: str) -> list[PlayCard]:
    """ "0 7H" (seat, card) or "2 3C covered", each in turn."""
    played = []
    for text in texts:
        seat, name, *how = text.split()
        played.append(card(int(seat), name, covered=how == ["covered"]))
    return played


def call(seat: int, raise_: RaiseCall) -> CallRaise:
    return CallRaise(at=AT, seat=seat, call=raise_)


def accept(seat: int) -> AnswerRaise:
    return AnswerRaise(at=AT, seat=seat, accept=True)


def run_from(seat: int) -> AnswerRaise:
    return AnswerRaise(at=AT, seat=seat, accept=False)


def penalty(seat: int, kind: str) -> RecordPenalty:
    return RecordPenalty(at=AT, seat=seat, kind=kind)  # type: ignore[arg-type]


def sueca_result(a: int, b: int, tricks: tuple[int, int] | None = None) -> RecordSuecaResult:
    return RecordSuecaResult(
        at=AT, points=PerTeam(a, b), tricks=None if tricks is None else PerTeam(*tricks)
    )


def truco_result(
    winner: Team | None = None, value: int | None = None, tie: bool = False
) -> RecordTrucoResult:
    return RecordTrucoResult(at=AT, winner=winner, value=value, tie=tie)


def after(events: Sequence[Event], *commands: MatchCommand) -> list[Event]:
    """`events`, then what `decide` answers to each command in turn."""
    history = list(events)
    state = fold(history)
    for command in commands:
        new = decide(command, state)
        history += new
        state = fold(new, state)
    return history


def first_legal(state: Match) -> PlayCard:
    """The seat in turn plays the first card of its hand that follows the suit led (or the
    first card when it holds none of that suit)."""
    hand = state.hand
    assert isinstance(hand, TrickHand)
    seat = hand.to_play
    held = hand.hands[seat]
    lead = hand.trick[0].card[-1] if hand.trick else None
    following = [c for c in held if c[-1] == lead]
    return card(seat, (following or list(held))[0])


def played_out(events: Sequence[Event]) -> list[Event]:
    """The hand in progress played to its end, each seat playing its first legal card."""
    history = list(events)
    state = fold(history)
    while isinstance(state.hand, TrickHand):
        new = decide(first_legal(state), state)
        history += new
        state = fold(new, state)
    return history


def hand_end(events: Sequence[Event]) -> HandEnded:
    """The last HandEnded of a history."""
    return [e for e in events if isinstance(e, HandEnded)][-1]


def dealt(created_event: MatchCreated[GameRules], deal: DealCards, *before: Event) -> list[Event]:
    """A game, what happened `before`, and `deal` made."""
    return after([created_event, *before], deal)


def card_hand(number: int, dealer: int | None, **fields: Any) -> HandEnded:
    """A card hand recorded as a result, everything not given at its quietest value."""
    values: dict[str, Any] = {
        "at": AT,
        "outcome": "tricks",
        "kind": None,
        "winner": None,
        "points": 0,
        "bonus_applied": 0,
        "sums": None,
        "by_seat": None,
        "opener": None if dealer is None else (dealer + 1) % 4,
        "recorded_as": "result",
        "started_at": AT,
        "dealer": dealer,
    }
    values.update(fields)
    return HandEnded(number=number, **values)


def won_hand(number: int, winner: Team, points: int, dealer: int | None = None) -> HandEnded:
    return card_hand(number, dealer, winner=winner, points=points)


def tied_hand(number: int, dealer: int | None = None) -> HandEnded:
    return card_hand(number, dealer, outcome="empate")
