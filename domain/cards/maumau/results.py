"""How a Mau Mau hand ends and counts: the seat that went out (M9) or a blocked table
(M10), every other seat's points (M3), a hand recorded by its result (M12), and the game's
places once a seat reaches the target (M11)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

import msgspec

from domain.cards.cards import in_deck
from domain.cards.maumau.commands import RecordMauMauResult
from domain.cards.maumau.hand import MOST_POINTS, WHAT, MauMauHand, card_points
from domain.cards.maumau.rules import MauMauRules
from domain.cards.melds.decks import DECK_104
from domain.errors import InvalidInput
from domain.match.events import Event, HandEnded
from domain.match.finish import Places, by_points, hand_ended, then_finish
from domain.match.guards import no_hand_in_progress, played_time
from domain.match.state import HandResult, Match

_DETAILS = msgspec.json.Decoder(dict[str, object])


def rules_of(state: Match) -> MauMauRules:
    if not isinstance(state.rules, MauMauRules):
        raise ValueError("not a Mau Mau game")
    return state.rules


def hand_points(hands: Sequence[Sequence[str]]) -> list[int]:
    return [sum(card_points(card) for card in cards) for cards in hands]


def hand_over(state: Match, hand: MauMauHand, at: datetime, out: int | None) -> HandEnded:
    """The hand is over: `out` shed its last card (M9), or a full round passed with nothing
    to draw (M10; the fewest points win it, a tie wins it for nobody)."""
    points = hand_points(hand.hands)
    winner = out if out is not None else fewest(points)
    details: dict[str, object] = {
        "points": points,
        "cards_left": [len(cards) for cards in hand.hands],
        "drawn": list(hand.drawn),
        "accused": list(hand.accusations),
        "longest_chain": hand.longest_chain,
        "never_drew": out is not None and hand.drawn[out] == 0,
    }
    return hand_ended(
        state,
        outcome="batida" if out is not None else "bloqueio",
        winner=None if winner is None else str(winner),
        base=0,
        at=at,
        by_seat=out,
        dealer=hand.dealer,
        scores={str(seat): p for seat, p in enumerate(points)},
        details=details,
    )


def fewest(points: Sequence[int]) -> int | None:
    """M10: the seat with the fewest points wins a blocked hand; a tie wins it for nobody."""
    least = min(points)
    best = [seat for seat, p in enumerate(points) if p == least]
    return best[0] if len(best) == 1 else None


def record_result(command: RecordMauMauResult, state: Match) -> list[Event]:
    """M11: who went out, and the points of every other seat (given, or counted from the
    cards it held); or a blocked hand (M10), every seat's points, the fewest winning it. A
    hand that cannot happen is refused."""
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    seats = state.table.seats
    if command.blocked == (command.winner is not None):
        raise InvalidInput(
            "invalid-result",
            'a Mau Mau result names the "winner" who went out, or says "blocked": true',
        )
    out = None if command.winner is None else state.table.check_seat(command.winner)
    if (command.points is None) == (command.cards_left is None):
        raise InvalidInput(
            "invalid-result", 'a Mau Mau result gives either "points" or "cards_left" per seat'
        )
    counts: list[int] | None = None
    if command.cards_left is not None:
        held_cards = _cards_left(command.cards_left, seats, out)
        points = hand_points(held_cards)
        counts = [len(cards) for cards in held_cards]
    else:
        points = _points_given(command.points or [], seats, out)
    details: dict[str, object] = {"points": points}
    if counts is not None:
        details["cards_left"] = counts
    winner = out if out is not None else fewest(points)
    ended = hand_ended(
        state,
        outcome="batida" if out is not None else "bloqueio",
        winner=None if winner is None else str(winner),
        base=0,
        at=at,
        by_seat=out,
        started_at=command.started_at,
        dealer=state.next_dealer,
        opener=None,
        scores={str(seat): p for seat, p in enumerate(points)},
        details=details,
    )
    return then_finish(state, [ended], at, places_of=places_of)


def _cards_left(given: list[list[str]], seats: int, winner: int | None) -> list[tuple[str, ...]]:
    if len(given) != seats:
        raise InvalidInput("invalid-result", f"cards_left lists {seats} seats, in seat order")
    held_cards = [in_deck(cards, DECK_104, WHAT) for cards in given]
    if winner is not None and held_cards[winner]:
        raise InvalidInput("invalid-result", f"seat {winner} went out: it holds no card")
    if any(not cards for seat, cards in enumerate(held_cards) if seat != winner):
        raise InvalidInput("invalid-result", _every_other_holds(winner))
    every = Counter(card for cards in held_cards for card in cards)
    if any(n > 2 for n in every.values()):
        raise InvalidInput("invalid-result", "two decks hold each card twice, no more")
    return held_cards


def _every_other_holds(winner: int | None) -> str:
    if winner is None:
        return "a blocked hand: every seat still holds a card"
    return "one seat went out; every other still holds a card"


def _points_given(points: list[int], seats: int, winner: int | None) -> list[int]:
    if len(points) != seats or any(type(p) is not int or p < 0 for p in points):
        raise InvalidInput("invalid-result", f"points lists {seats} seats' points, in seat order")
    if winner is not None and points[winner]:
        raise InvalidInput("invalid-result", f"seat {winner} went out: its points are 0")
    if any(p == 0 for seat, p in enumerate(points) if seat != winner):
        raise InvalidInput("invalid-result", "a seat still holding cards has points (an ace, 1)")
    if sum(points) > MOST_POINTS:
        raise InvalidInput("invalid-result", f"two decks hold {MOST_POINTS} points in all")
    return points


def places_of(state: Match) -> Places | None:
    """M11: after the hand that brings a seat to the target, the fewest points first."""
    if max(state.score.values(), default=0) < rules_of(state).target:
        return None
    return by_points(state, lowest_first=True)


def result_body(result: HandResult) -> dict[str, object] | None:
    """Who went out, or that the hand was blocked, and every seat's points."""
    if not result.details:
        return None
    points = _DETAILS.decode(result.details).get("points")
    if result.outcome == "batida" and result.by_seat is not None:
        return {"winner": result.by_seat, "points": points}
    if result.outcome == "bloqueio":
        return {"blocked": True, "points": points}
    return None
