"""What a dominoes infraction costs, per rule set (rules.md, D7, D8, D25)."""

from domain.dominoes import board
from domain.dominoes.events import Passed
from domain.dominoes.hand import Hand
from domain.dominoes.rules import Rules
from domain.errors import InvalidInput, TellsAHand
from domain.match.commands import RecordPenalty
from domain.match.events import Consequence, Event, HandEnded
from domain.match.finish import hand_ended
from domain.match.guards import check_turn, hand_of
from domain.match.penalties import noted, record_penalty
from domain.match.state import Match, PerTeam
from domain.table import check_seat, other, team_of

ALL_PIPS = 168


def table(rules: Rules) -> dict[str, Consequence]:
    return {
        "wrong-tile-shown": "warning",
        "slow-play": "warning",
        "signal": rules.signal,
        "irregular-pass": rules.irregular_pass,
        "out-of-turn": "hand-lost",
        "tiles-shown": "hand-lost",
    }


def penalize(command: RecordPenalty, state: Match, rules: Rules) -> list[Event]:
    seat = check_seat(command.seat)
    kinds = table(rules)
    if command.kind == "irregular-pass" and kinds.get(command.kind) == "turn-lost":
        _check_irregular_pass(state, seat)
        return [noted(command, "turn-lost"), Passed(at=command.at, seat=seat)]
    if command.kind == "irregular-pass" and state.hand is not None:
        _check_irregular_pass(state, seat)
    return record_penalty(command, state, kinds, lambda c, s: _lost_hand(c, s, rules))


def _lost_hand(command: RecordPenalty, state: Match, rules: Rules) -> HandEnded:
    """The other team scores `penalty_points`; scored by pips, the offenders' pips, as a
    batida would: counted from their tiles, or given by the scorekeeper (D8). The pips are
    recorded whenever the hands are known, whatever the scoring (D17)."""
    offenders = team_of(command.seat)
    hand = state.hand
    sums = board.team_sums(hand.hands) if isinstance(hand, Hand) else None
    base = rules.penalty_points
    if rules.scoring == "opponent-pips":
        sums = _given(command.sums) if sums is None else sums
        base = sums.of(offenders)
    return hand_ended(
        state,
        outcome="penalty",
        winner=other(offenders),
        base=base,
        sums=sums,
        by_seat=command.seat,
        at=command.at,
    )


def _given(sums: PerTeam | None) -> PerTeam:
    if sums is None:
        raise InvalidInput(
            "sums-required",
            "a hand lost with its tiles unknown, in a rule set scored by pips, needs the pips "
            "left per team, e.g. {'A': 12, 'B': 17}",
        )
    if min(sums.A, sums.B) < 0 or sums.A + sums.B > ALL_PIPS:
        raise InvalidInput(
            "invalid-result", f"pip sums must be 0 or more and total at most {ALL_PIPS}"
        )
    return sums


def _check_irregular_pass(state: Match, seat: int) -> None:
    """Only a pass in turn while holding a tile that fits is the infraction (D7)."""
    hand = hand_of(state, Hand)
    check_turn(state, seat)
    if hand.ends is None:
        raise TellsAHand("must-play", "the opener must lead: an opening cannot be passed")
    if not board.can_play(hand.hands[seat], hand.ends):
        raise TellsAHand(
            "not-an-infraction", f"seat {seat} holds no tile that fits: record a plain pass"
        )
