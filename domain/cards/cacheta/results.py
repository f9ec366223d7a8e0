"""How a Cacheta round ends and counts: a batida takes lives from every other seat still in
(K9), a round with the stock spent is void (K11, K12), a round recorded by its result; the
seats still in, the places once one is left, and the next dealer (K10)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.cards.cacheta.commands import RecordCachetaRound
from domain.cards.cacheta.hand import LOSS, CachetaHand
from domain.cards.cacheta.rules import CachetaRules
from domain.errors import InvalidInput
from domain.match.events import Event, HandEnded
from domain.match.finish import Places, hand_ended, then_finish
from domain.match.guards import no_hand_in_progress, played_time
from domain.match.state import HandResult, Match

_DETAILS = msgspec.json.Decoder(dict[str, Any])


def rules_of(state: Match) -> CachetaRules:
    if not isinstance(state.rules, CachetaRules):
        raise ValueError("not a Cacheta game")
    return state.rules


def lives_of(state: Match) -> tuple[int, ...]:
    lives = rules_of(state).target
    return tuple(max(lives - state.score.get(str(s), 0), 0) for s in range(len(state.seats)))


def playing_of(state: Match) -> tuple[int, ...]:
    return tuple(s for s, left in enumerate(lives_of(state)) if left > 0)


def round_over(
    state: Match,
    hand: CachetaHand | None,
    at: datetime,
    out: int | None,
    cards: int,
    started_at: datetime | None = None,
) -> HandEnded:
    """K9: the seats still in but the one out lose 1 life (9 cards) or 2 (10); a void round
    (K12), none."""
    playing = hand.playing if hand is not None else playing_of(state)
    loss = LOSS.get(cards, 0) if out is not None else 0
    scores = {str(s): (0 if s == out else loss) for s in playing}
    details: dict[str, object] = {"cards": cards if out is not None else None}
    if hand is not None:
        details |= {"vira": hand.vira, "burned": sorted(hand.burned), "na_boa": sorted(hand.na_boa)}
        details["jumped"] = out is not None and hand.jumper == out
    return hand_ended(
        state,
        outcome="batida" if out is not None else "empate",
        winner=None if out is None else str(out),
        base=0,
        at=at,
        by_seat=out,
        started_at=started_at,
        dealer=hand.dealer if hand is not None else state.next_dealer,
        kind=None if out is None else ("dez" if cards == 10 else "nove"),
        scores=scores,
        details=details,
        **({} if hand is not None else {"opener": None}),
    )


def record_round(command: RecordCachetaRound, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    if command.void:
        if command.winner is not None or command.cards is not None:
            raise InvalidInput("invalid-result", "a void round has no winner")
        return [round_over(state, None, at, None, 0, command.started_at)]
    if command.winner is None or command.cards not in LOSS:
        raise InvalidInput(
            "invalid-result", 'a round is {"winner": 2, "cards": 9 or 10}, or {"void": true}'
        )
    winner = state.table.check_seat(command.winner)
    if winner not in playing_of(state):
        raise InvalidInput("invalid-result", f"seat {winner} is out of the game")
    ended = round_over(state, None, at, winner, command.cards, command.started_at)
    return then_finish(state, [ended], at, places_of=places_of)


def places_of(state: Match) -> Places | None:
    """K9: once one seat is left: it first, then the others by the round they went out in,
    the later first; seats out in the same round share a place."""
    playing = playing_of(state)
    if len(playing) > 1:
        return None
    return [[str(s)] for s in playing] + _out_by_round(state)


def abandoned(state: Match, side: str) -> Places:
    """C12: a seat still in leaves: it last; the seats still in first, the most lives left
    first (equal lives share a place), then the seats out as K9 places them. A seat already
    out keeps its place (it has left the game already)."""
    playing = playing_of(state)
    if int(side) not in playing:
        raise InvalidInput(
            "invalid-team", f"seat {side} is out of the game already (K9): it keeps its place"
        )
    lives = lives_of(state)
    stay = [s for s in playing if str(s) != side]
    most_first = sorted({lives[s] for s in stay}, reverse=True)
    still_in = [[str(s) for s in stay if lives[s] == n] for n in most_first]
    return [*still_in, *_out_by_round(state), [side]]


def _out_by_round(state: Match) -> Places:
    """The seats out of the game, the later round first; out in the same round: one place."""
    target = rules_of(state).target
    out_in: dict[int, int] = {}
    lost: Counter[str] = Counter()
    for number, result in enumerate(state.hands):
        for side, points in result.gains().items():
            lost[side] += points
            if lost[side] >= target and int(side) not in out_in:
                out_in[int(side)] = number
    rounds = sorted(set(out_in.values()), reverse=True)
    return [[str(s) for s in sorted(out_in) if out_in[s] == r] for r in rounds]


def after_hand(state: Match, result: HandResult) -> Match:
    """K10: the next seat still in after this round's dealer deals the next."""
    playing = playing_of(state)
    dealer = result.dealer
    if dealer is None or not playing:
        return replace(state, next_dealer=None)
    later = [s for s in playing if s > dealer]
    return replace(state, next_dealer=later[0] if later else playing[0])


def result_body(result: HandResult) -> dict[str, object] | None:
    if result.outcome == "empate":
        return {"void": True}
    if result.outcome != "batida" or result.by_seat is None or not result.details:
        return None
    return {"winner": result.by_seat, "cards": _DETAILS.decode(result.details).get("cards")}
