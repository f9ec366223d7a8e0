"""Hand-made game histories, written through the domain into the real store.

    await play(store, "0 cruzada", "block A", "2 carroca")

Each step is one command, one minute after the previous one:
- "<seat> <kind>" a batida (kind: simples, carroca, la-e-lo, cruzada); "3 simples 0/25"
  adds the pip sums A/B (needed when the rules count pips);
- "block A" / "block B" a bloqueio the team wins (sums 5/10 or 10/5); "tie" equal sums;
  "... by <seat>" names the blocking seat;
- "penalty <seat> <kind>" an infraction (kind as in PenaltyKind); "warn <seat>" slow play;
- "abandon A" a team abandons; "annul" annuls the last hand; "confirm" confirms.
A game that finished is confirmed by the organizer at the end unless `confirm=False`.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from domain import (
    INITIAL,
    Abandon,
    AnnulHand,
    Confirm,
    CreateMatch,
    Match,
    MatchCommand,
    PerTeam,
    RecordPenalty,
    RecordResult,
    decide,
    fold,
)
from domain.competitions import CompetitionCreated, PlayerRegistered
from domain.dominoes.rules import BatidaKind
from domain.table import Team
from service.store.encoding import new_event
from service.store.event_store import EventStore
from service.store.secrets import opened

AT = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)
SEATS = ("ana", "bia", "caio", "duda")  # ana and caio are team A; bia and duda team B


def days(n: float) -> datetime:
    return AT + timedelta(days=n)


def command(step: str, state: Match, at: datetime) -> MatchCommand:
    words = step.split()
    by = int(words[-1]) if "by" in words else None
    if words[0] in ("block", "tie"):
        won = {"A": PerTeam(5, 10), "B": PerTeam(10, 5)}.get(words[1] if len(words) > 1 else "")
        sums = won if words[0] == "block" and won else PerTeam(7, 7)
        return RecordResult(at=at, outcome="bloqueio", sums=sums, seat=by)
    if words[0] in ("penalty", "warn"):
        penalty = words[2] if words[0] == "penalty" else "slow-play"
        return RecordPenalty(at=at, seat=int(words[1]), kind=penalty)  # type: ignore[arg-type]
    if words[0] == "abandon":
        team: Team = "A" if words[1] == "A" else "B"
        return Abandon(at=at, team=team)
    if words[0] == "annul":
        return AnnulHand(at=at, number=len(state.hands))
    if words[0] == "confirm":  # every player joined the competition: it counts for all
        return Confirm(at=at, by="organizer", actor="referee", members=(0, 1, 2, 3))
    kind: BatidaKind = words[1]  # type: ignore[assignment]
    pip_sums = PerTeam(*map(int, words[2].split("/"))) if len(words) > 2 else None
    return RecordResult(at=at, outcome="batida", seat=int(words[0]), kind=kind, sums=pip_sums)


async def play(
    store: EventStore,
    *steps: str,
    seats: tuple[str, ...] = SEATS,
    at: datetime = AT,
    preset: str = "pontos",
    competition: str | None = None,
    confirm: bool = True,
    match_id: str | None = None,
    **overrides: Any,
) -> str:
    """Write a game; answer its id."""
    match_id = match_id or str(uuid.uuid4())
    create = CreateMatch(
        at=at,
        preset=preset,
        overrides=overrides,
        seats=list(seats),
        actor="referee",
        competition_id=competition,
    )
    state, version = INITIAL, 0
    commands: list[str] = list(steps)
    for n, step in enumerate(["create", *commands]):
        when = at + timedelta(minutes=n)
        order = create if step == "create" else command(step, state, when)
        events = decide(order, state)
        await store.append(
            f"match-{match_id}",
            [new_event(e, {"actor": "referee"}) for e in events],
            expected_version=version,
        )
        state, version = fold(events, state), version + len(events)
    if confirm and state.status == "finished":
        await confirm_game(store, match_id, at + timedelta(minutes=len(commands) + 1))
    return match_id


async def confirm_game(store: EventStore, match_id: str, at: datetime = AT) -> None:
    stored = await store.read_stream(f"match-{match_id}")
    state = fold(opened(e.data, e.secret) for e in stored)
    members = tuple(range(len(state.seats)))  # every player joined: it counts for all
    events = decide(Confirm(at=at, by="organizer", actor="referee", members=members), state)
    await store.append(
        f"match-{match_id}",
        [new_event(e, {"actor": "referee"}) for e in events],
        expected_version=len(stored),
    )


async def register(store: EventStore, name: str, player_id: str | None = None) -> str:
    player_id = player_id or str(uuid.uuid4())
    event = PlayerRegistered(at=AT, name=name)
    await store.append(f"player-{player_id}", [new_event(event, {})], expected_version=0)
    return player_id


async def competition(store: EventStore, event: CompetitionCreated) -> str:
    competition_id = str(uuid.uuid4())
    await store.append(f"competition-{competition_id}", [new_event(event, {})], expected_version=0)
    return competition_id
