"""A hand's count (the seed's "Contagem"; B12-B15, B24, T8, T13): each side's laid cards,
canastras, batida, red 3s, less its cards in hand and a morto never taken; a hand played to
its end, or recorded by its result; the game's end (B16); the result body of a hand
recorded."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime
from math import gcd
from typing import Any

import msgspec

from domain.cards.buraco.commands import RecordBuracoResult, SideTally
from domain.cards.buraco.hand import BuracoHand, rules_of, side_names, side_of, variant_of
from domain.cards.buraco.variant import BURACO, RED_THREES, Variant
from domain.cards.melds.rules import Canastra
from domain.errors import InvalidInput
from domain.match.events import Event, HandEnded
from domain.match.finish import Places, by_points, hand_ended, then_finish
from domain.match.guards import no_hand_in_progress, played_time
from domain.match.state import HandResult, Match

CANASTRA_BONUS: dict[Canastra, int] = {"limpa": 200, "suja": 100, "mil": 1000}
"""B12: the de mil's 1000 instead of a limpa's 200."""
BATIDA = 100
DECK_A_TO_A = (
    "AS",
    *(f"{rank}S" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")),
    "JS",
    "QS",
    "KS",
    "AS",
)
"""The cards of a canastra de mil (125 points in Buraco)."""
RED_THREE = 100
"""T8: each red 3, with a canastra; without, -100."""
NO_MORTO = 100
_DETAILS = msgspec.json.Decoder(dict[str, Any])


def cards_value(cards: Sequence[str]) -> int:
    """Buraco's points of these cards."""
    return BURACO.points(cards)


def tally(
    hand: BuracoHand, side: int, ended_by: int | None, variant: Variant = BURACO
) -> dict[str, Any]:
    """A side's count (seed's "Contagem"; B12-B15): laid cards, canastras, the batida, less
    the cards in its hands and a morto never taken; the Detalhe (B13, B20)."""
    melds = hand.melds[side]
    kinds = Counter(meld.canastra for meld in melds if meld.canastra)
    fresh = hand.fresh_morto[side]
    detalhe = ended_by is not None and ended_by != side and fresh is not None
    seats = [s for s in range(hand.seats) if side_of(s) == side and not (detalhe and s == fresh)]
    held = [card for s in seats for card in hand.hands[s]]
    red = [card for card in held if card in RED_THREES] if variant.threes else []
    count = {
        "melded": sum(variant.points(meld.cards) for meld in melds),
        "limpa": kinds["limpa"],
        "suja": kinds["suja"],
        "mil": kinds["mil"],
        "in_hand": variant.points([card for card in held if card not in red]),
        "morto": hand.morto_taken[side] and not detalhe,
        "batida": ended_by == side,
    }
    if variant.threes:  # T8, T12: a red 3 held at the end counts as laid
        count["red_threes"] = len(hand.red_threes[side]) + len(red)
    return count


def points_of(count: dict[str, Any]) -> int:
    bonus = sum(CANASTRA_BONUS[kind] * int(count[kind]) for kind in ("limpa", "suja", "mil"))
    batida = BATIDA if count["batida"] else 0
    morto = 0 if count["morto"] else -NO_MORTO
    canastras = sum(int(count[kind]) for kind in ("limpa", "suja", "mil"))
    red = RED_THREE * int(count.get("red_threes", 0)) * (1 if canastras else -1)
    return int(count["melded"]) + bonus - int(count["in_hand"]) + batida + morto + red


def ended(
    state: Match, hand: BuracoHand, at: datetime, ended_by: int | None, seat: int | None
) -> HandEnded:
    """The end of a hand played: each side's count as it lies."""
    names = side_names(hand.seats)
    counts = [tally(hand, side, ended_by, variant_of(state)) for side in (0, 1)]
    return _scored(state, at, names, counts, ended_by, seat, hand.dealer)


def _scored(
    state: Match,
    at: datetime,
    names: tuple[str, str],
    counts: list[dict[str, Any]],
    ended_by: int | None,
    seat: int | None,
    dealer: int | None,
    started_at: datetime | None = None,
    **more: Any,
) -> HandEnded:
    points = [points_of(count) for count in counts]
    winner = None if points[0] == points[1] else names[0 if points[0] > points[1] else 1]
    return hand_ended(
        state,
        outcome="batida" if ended_by is not None else "stock-out",
        winner=winner,
        base=0,
        at=at,
        by_seat=seat,
        started_at=started_at,
        dealer=dealer,
        scores={names[side]: points[side] for side in (0, 1)},
        details={names[side]: counts[side] for side in (0, 1)}
        | {"ended_by": None if ended_by is None else names[ended_by]},
        **more,
    )


def record_result(command: RecordBuracoResult, state: Match) -> list[Event]:
    """A whole hand by each side's count (4.3): refused when it cannot happen. A side that
    went out with its morto not taken is one whose morto became the stock (B19): its count
    is as played (-100), so the body says nothing more."""
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    names = side_names(state.table.seats)
    if set(command.sides) != set(names):
        raise InvalidInput(
            "invalid-result", f"a Buraco result counts sides {names[0]} and {names[1]}"
        )
    if command.ended_by is not None and command.ended_by not in names:
        raise InvalidInput("invalid-result", f"ended_by is a side: {names[0]} or {names[1]}")
    ended_by = None if command.ended_by is None else names.index(command.ended_by)
    v = variant_of(state)
    counts = [_checked(command.sides[name], ended_by == side, v) for side, name in enumerate(names)]
    most = v.deck_points
    if sum(c["melded"] + c["in_hand"] for c in counts) > most:
        raise InvalidInput("invalid-result", f"the deck holds {most} points in all")
    hand = _scored(
        state,
        at,
        names,
        counts,
        ended_by,
        None,
        state.next_dealer,
        started_at=command.started_at,
        opener=None,
    )
    return then_finish(state, [hand], at, places_of=places_of)


def _checked(side: SideTally, went_out: bool, v: Variant) -> dict[str, Any]:
    numbers = (side.melded, side.limpa, side.suja, side.mil, side.in_hand, side.red_threes)
    if any(type(n) is not int or n < 0 for n in numbers):
        raise InvalidInput("invalid-result", "a side's counts are whole numbers, 0 or more")
    step = gcd(*(v.value(card) for card in set(v.deck)))
    if side.melded % step or side.in_hand % step:
        raise InvalidInput("invalid-result", f"every card is worth a multiple of {step}")
    if side.mil and not v.melds.ace_to_ace:
        raise InvalidInput("invalid-result", f"{v.title} has no canastra de mil")
    if (side.red_threes and not v.threes) or side.red_threes > len(RED_THREES) * 2:
        raise InvalidInput("invalid-result", "red 3s count in Tranca only, four at most")
    cheapest = min(v.value(card) for card in v.deck)
    least = 7 * cheapest * (side.limpa + side.suja) + v.points(DECK_A_TO_A) * side.mil
    if side.melded < least:
        raise InvalidInput(
            "invalid-result", f"{side.melded} laid cannot hold those canastras (at least {least})"
        )
    canastra = side.limpa + side.mil + (0 if v.clean_to_go_out else side.suja)
    if went_out and not canastra:
        raise InvalidInput("invalid-result", "the side that went out has the canastra it needs")
    if went_out and not side.morto and v.ends_at_stock is not None:
        raise InvalidInput(
            "invalid-result",
            f"a {v.title} side goes out with its morto taken: no morto becomes the stock",
        )
    count: dict[str, Any] = {
        "melded": side.melded,
        "limpa": side.limpa,
        "suja": side.suja,
        "mil": side.mil,
        "in_hand": side.in_hand,
        "morto": side.morto,
        "batida": went_out,
    }
    if v.threes:
        count["red_threes"] = side.red_threes
    return count


def places_of(state: Match) -> Places | None:
    """B16: after a hand that brings a side to the target, the most points first; equal at
    the top, another hand."""
    if max(state.score.values(), default=0) < rules_of(state).target:
        return None
    places = by_points(state)
    return places if len(places[0]) == 1 else None


def result_body_of(variant: Variant) -> Callable[[HandResult], dict[str, object] | None]:
    """The result body of a hand of this variant: each side's count and who went out, as
    recorded, in the variant's own body (a count without `mil` where the variant has no
    canastra de mil: its hands record one, always 0)."""
    left_out = {"batida"} | (set() if variant.melds.ace_to_ace else {"mil"})

    def result_body(result: HandResult) -> dict[str, object] | None:
        if result.outcome not in ("batida", "stock-out") or not result.details:
            return None
        details = _DETAILS.decode(result.details)
        ended_by = details.pop("ended_by", None)
        sides = {
            side: {key: value for key, value in count.items() if key not in left_out}
            for side, count in details.items()
        }
        return {"ended_by": ended_by, "sides": sides}

    return result_body
