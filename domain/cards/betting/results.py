"""A hand recorded by its result (P18): the chips each seat dealt in won or lost; and the
body of `/results` that records a finished hand again."""

from __future__ import annotations

import json

from domain.cards.betting.commands import RecordNet
from domain.cards.betting.deal import check_cacife, topped_up
from domain.cards.betting.session import over
from domain.chips import beyond_cover
from domain.errors import InvalidInput
from domain.match.events import Event
from domain.match.finish import hand_ended, then_finish
from domain.match.guards import no_hand_in_progress, played_time
from domain.match.state import HandResult, Match


def net(command: RecordNet, state: Match) -> list[Event]:
    """P18: a hand by the chips each seat won or lost: they sum to 0, no seat loses more than
    it had, nor wins or loses more than the stacks covered, as in play. The seats it names
    (with chips) are the seats dealt in; a chopped pot moves no chip at all, every net 0."""
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    stacks = topped_up(state, command.stacks)
    seats = state.table.seats
    net = [0] * seats
    for side, chips in command.net.items():
        if not side.isdigit() or int(side) >= seats or type(chips) is not int:
            raise InvalidInput("invalid-result", f'"net" is keyed by seat, "0" to "{seats - 1}"')
        net[int(side)] = chips
    if sum(net) != 0:
        raise InvalidInput("invalid-result", f"the chips won and lost sum to {sum(net)}, not 0")
    broke = [s for s in range(seats) if stacks[s] + net[s] < 0]
    if broke:
        raise InvalidInput(
            "invalid-result", f"seat {broke[0]} had {stacks[broke[0]]} chips: it cannot lose more"
        )
    idle = [s for s in range(seats) if net[s] and stacks[s] <= 0]
    if idle:
        raise InvalidInput("invalid-result", f"seat {idle[0]} has no chips: it played no hand")
    named = {int(side) for side in command.net}
    dealt = [s for s in range(seats) if s in named and stacks[s] > 0]
    if len(dealt) < 2:
        raise InvalidInput(
            "invalid-result", '"net" names the seats dealt in: two or more, with chips'
        )
    check_cacife(state, dealt, stacks)
    uncovered = beyond_cover({s: stacks[s] for s in dealt}, {s: net[s] for s in dealt})
    if uncovered is not None:
        raise InvalidInput(
            "invalid-result",
            f"seat {uncovered} had {stacks[uncovered]} chips: it cannot win or lose"
            f" {abs(net[uncovered])}, more than its stack and the others' covered",
        )
    dealer = None if command.dealer is None else state.table.check_seat(command.dealer)
    after = [stacks[s] + net[s] for s in range(seats)]
    best = max(net[s] for s in dealt)
    top = [s for s in dealt if net[s] == best]
    winner = str(top[0]) if len(top) == 1 else None
    details = {"stacks": after, "pot": sum(c for c in net if c > 0), "dealt": dealt}
    ended = hand_ended(
        state,
        outcome="showdown",
        winner=winner,
        base=best if winner is not None else 0,
        at=at,
        started_at=command.started_at,
        dealer=dealer,
        opener=None,
        scores={str(s): net[s] for s in dealt},
        details=details,
    )
    return then_finish(state, [ended], at, places_of=over)


def result_body(result: HandResult) -> dict[str, object] | None:
    """The chips each seat dealt in won or lost (a chopped pot: every one 0), and every
    seat's stack before the hand: the same as after the hand before, or a top-up."""
    if not result.scores:
        return None
    body: dict[str, object] = {"net": dict(result.scores)}
    stacks = json.loads(result.details).get("stacks") if result.details else None
    if stacks is not None:
        won = dict(result.scores)
        body["stacks"] = [chips - won.get(str(s), 0) for s, chips in enumerate(stacks)]
    return body
