"""What every card game's decisions and fold share: a card checked against the hand, the
trick and the deal going round, a move taken back, infractions and their lost hand."""

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from domain.cards.cards import in_deck
from domain.cards.tricks.events import CardPlayed, CardsDealt
from domain.cards.tricks.hand import TrickHand
from domain.errors import TellsAHand, WrongStatus
from domain.match.commands import RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import hand_ended
from domain.match.guards import check_turn, hand_of
from domain.match.penalties import record_penalty
from domain.match.state import Match
from domain.table import check_seat, other, team_of

H = TypeVar("H", bound=TrickHand)
Start = Callable[[CardsDealt, Match], H]
Apply = Callable[[H, Event], H]


def card_in_turn(
    state: Match, seat: int, card: str, deck: tuple[str, ...], game: str
) -> tuple[TrickHand, int, str]:
    """(the hand, the seat, the card) once it is the seat's turn and it holds the card."""
    hand: TrickHand
    hand, seat, card = card_of_turn(state, seat, card, deck, game)
    check_held(hand, seat, card)
    return hand, seat, card


def card_of_turn(
    state: Match,
    seat: int,
    card: str,
    deck: tuple[str, ...],
    game: str,
    kind: type[H] = TrickHand,  # type: ignore[assignment]
) -> tuple[H, int, str]:
    """(the hand, the seat, the card) once it is the seat's turn: what anyone may check.
    A game checks its own public rules next, and only then `check_held` (a refusal after
    it would tell a seat that cannot see its own hand that it holds the card)."""
    hand = hand_of(state, kind)
    seat = check_seat(seat)
    (card,) = in_deck([card], deck, game)
    check_turn(state, seat)
    return hand, seat, card


def check_held(hand: TrickHand, seat: int, card: str) -> None:
    if card not in hand.hands[seat]:
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")


def fold_hand(start: H, moves: tuple[Event, ...], apply: Apply[H]) -> H:
    hand = start
    for move in moves:
        hand = apply(hand, move)
    return hand


def take_back(hand: H, state: Match, start: Start[H], apply: Apply[H]) -> H:
    """The hand as it was before its last move: played again from the deal."""
    return fold_hand(start(hand.dealt, state), hand.moves[:-1], apply)


def undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    if not isinstance(hand, TrickHand) or not hand.moves:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a move that ended a hand is corrected "
            "by annulling the hand",
        )
    last = hand.moves[-1]
    seat = getattr(last, "seat", 0)
    # A covered card's face stays secret: the undo names it only when it was played face up.
    card = last.card if isinstance(last, CardPlayed) and not last.covered else None
    move = str(type(last).__struct_config__.tag)
    return [MoveUndone(at=command.at, seat=seat, move=move, card=card)]


def penalize(
    command: RecordPenalty,
    state: Match,
    table: Mapping[str, Consequence],
    points: Callable[[TrickHand | None], int],
) -> list[Event]:
    """A warning is noted; an infraction that costs the hand gives the other team
    `points(hand in progress)`, the hand's own facts kept (C5)."""

    def lost(command: RecordPenalty, state: Match) -> HandEnded:
        hand = state.hand if isinstance(state.hand, TrickHand) else None
        return hand_ended(
            state,
            outcome="penalty",
            winner=other(team_of(command.seat)),
            base=points(hand),
            by_seat=command.seat,
            at=command.at,
            **card_facts(state, hand),
        )

    return record_penalty(command, state, table, lost)


def card_facts(state: Match, hand: TrickHand | None) -> dict[str, Any]:
    """The HandEnded fields every trick game fills: who dealt, the tricks (and the game's
    own: `TrickHand.facts`)."""
    if hand is None:
        return {"dealer": state.next_dealer}
    return hand.facts()
