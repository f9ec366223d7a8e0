"""A hand recorded as its result only, without a deal: what it needs is in D16."""

from datetime import datetime

from domain.dominoes.commands import RecordResult
from domain.dominoes.rules import Rules
from domain.dominoes.scoring import BATIDA_KINDS, batida_points, block_outcome
from domain.dominoes.tiles import ALL_TILES, pips
from domain.errors import InvalidInput
from domain.match.events import Event
from domain.match.finish import hand_ended, then_finish
from domain.match.guards import no_hand_in_progress, played_time
from domain.match.state import Match, PerTeam
from domain.table import check_seat, other, team_of

ALL_PIPS = pips(ALL_TILES)  # 168


def record_result(command: RecordResult, state: Match, rules: Rules) -> list[Event]:
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    if command.outcome == "batida":
        return then_finish(state, [_batida(command, state, rules, at)], at)
    if command.outcome == "bloqueio":
        return then_finish(state, [_block(command, state, rules, at)], at)
    raise InvalidInput("invalid-result", "outcome must be 'batida' or 'bloqueio'")


def _batida(command: RecordResult, state: Match, rules: Rules, at: datetime) -> Event:
    if command.seat is None or command.kind not in BATIDA_KINDS:
        raise InvalidInput(
            "invalid-result",
            f"a batida needs the seat that went out and its kind ({', '.join(BATIDA_KINDS)})",
        )
    seat = check_seat(command.seat)
    if rules.scoring == "opponent-pips":
        sums: PerTeam | None = _required_sums(command.sums, "a batida scored by pips")
    else:
        sums = None if command.sums is None else _checked(command.sums)
    winner = team_of(seat)
    base = batida_points(rules, command.kind, sums.of(other(winner)) if sums else 0)
    return hand_ended(
        state,
        outcome="batida",
        kind=command.kind,
        winner=winner,
        base=base,
        sums=sums,
        by_seat=seat,
        at=at,
        started_at=command.started_at,
    )


def _block(command: RecordResult, state: Match, rules: Rules, at: datetime) -> Event:
    sums = _required_sums(command.sums, "a bloqueio")
    seat = None if command.seat is None else check_seat(command.seat)
    if sums.A == sums.B and rules.tie_policy == "blocker-loses" and seat is None:
        raise InvalidInput(
            "blocker-required", "equal sums: say which seat blocked (played the last tile)"
        )
    outcome, winner, base = block_outcome(rules, sums, seat)
    return hand_ended(
        state,
        outcome=outcome,
        winner=winner,
        base=base,
        sums=sums,
        by_seat=seat,
        at=at,
        started_at=command.started_at,
    )


def _required_sums(sums: PerTeam | None, why: str) -> PerTeam:
    if sums is None:
        raise InvalidInput(
            "sums-required", f"{why} needs the pips left per team, e.g. {{'A': 12, 'B': 17}}"
        )
    return _checked(sums)


def _checked(sums: PerTeam) -> PerTeam:
    if min(sums.A, sums.B) < 0 or sums.A + sums.B > ALL_PIPS:
        raise InvalidInput(
            "invalid-result", f"pip sums must be 0 or more and total at most {ALL_PIPS}"
        )
    return sums
