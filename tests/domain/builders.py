"""Small builders for events and commands, so tests say only what matters to them."""

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from domain import (
    Event,
    GameRules,
    HandEnded,
    HandStarted,
    MatchCreated,
    Pass,
    PerTeam,
    PlayTile,
    RecordResult,
    decide,
    fold,
    resolve_rules,
)

AT = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)
SEATS = ("ana", "bia", "caio", "duda")  # ana and caio are team A, bia and duda team B


def minutes(n: float) -> datetime:
    return AT + timedelta(minutes=n)


def created(preset: str = "pontos", at: datetime = AT, **overrides: Any) -> MatchCreated[GameRules]:
    return MatchCreated(
        at=at, rules=resolve_rules(preset, overrides), seats=SEATS, created_by="ana"
    )


def started(
    hands: Sequence[Sequence[str]],
    *,
    opener: int,
    opening_tile: str | None,
    dorme: Sequence[str] = (),
    number: int = 1,
    at: datetime = AT,
) -> HandStarted:
    return HandStarted(
        at=at,
        number=number,
        opener=opener,
        opening_tile=opening_tile,
        hands=tuple(tuple(h) for h in hands),
        dorme=tuple(dorme),
    )


def move(text: str, at: datetime = AT) -> PlayTile | Pass:
    """ "2 3-5 left" (seat, tile, optional end) or "2 pass"."""
    seat, tile, *end = text.split()
    if tile == "pass":
        return Pass(at=at, seat=int(seat))
    return PlayTile(at=at, seat=int(seat), tile=tile, end=end[0] if end else None)  # type: ignore[arg-type]


def after(events: Sequence[Event], *moves: str) -> list[Event]:
    """`events`, then the events `decide` answers to each move in turn (so they are legal)."""
    history = list(events)
    state = fold(history)
    for text in moves:
        new = decide(move(text), state)
        history += new
        state = fold(new, state)
    return history


def ended(number: int = 1, **fields: Any) -> HandEnded:
    """A HandEnded with everything not given at its quietest value."""
    values: dict[str, Any] = {
        "at": AT,
        "outcome": "batida",
        "kind": None,
        "winner": None,
        "points": 0,
        "bonus_applied": 0,
        "sums": None,
        "by_seat": None,
        "opener": None,
        "recorded_as": "result",
        "started_at": AT,
    }
    values.update(fields)
    return HandEnded(number=number, **values)


def batida(seat: int, kind: str, sums: tuple[int, int] | None = None, **kw: Any) -> RecordResult:
    return RecordResult(
        at=kw.pop("at", AT),
        outcome="batida",
        seat=seat,
        kind=kind,  # type: ignore[arg-type]
        sums=PerTeam(*sums) if sums else None,
        **kw,
    )


def bloqueio(a: int, b: int, seat: int | None = None, at: datetime = AT) -> RecordResult:
    return RecordResult(at=at, outcome="bloqueio", sums=PerTeam(a, b), seat=seat)
