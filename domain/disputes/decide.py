"""Decisions on a dispute: who may raise one and when, and an organizer's ruling.

G30: a seated player disputes a finished game before its confirmation, or a confirmed one
within the window after its end; from then on the game counts for nobody. G32: a game is
disputed once: the ruling is final.
"""

from domain.disputes.commands import Dispute, Settle
from domain.disputes.events import DisputeSettled, MatchDisputed
from domain.errors import InvalidInput, WrongStatus
from domain.match.events import Event, MatchConfirmed
from domain.match.lifecycle import consenting_seats
from domain.match.state import Match

MAX_TEXT = 500


def decide_dispute(command: Dispute | Settle, state: Match) -> list[Event]:
    if isinstance(command, Dispute):
        return dispute(command, state)
    return settle(command, state)


def dispute(command: Dispute, state: Match) -> list[Event]:
    _disputable(command, state)
    seat = next((s for s, p in enumerate(state.seats) if p == command.actor), None)
    if seat is None:
        raise InvalidInput("not-seated", "only a player seated in the game may dispute it")
    return [
        MatchDisputed(at=command.at, seat=seat, actor=command.actor, reason=_text(command.reason))
    ]


def _disputable(command: Dispute, state: Match) -> None:
    if state.status == "disputed":
        raise WrongStatus(
            "already-disputed", "the game is disputed already: an organizer settles it"
        )
    if state.dispute is not None:
        raise WrongStatus("dispute-settled", "the game's dispute was settled: the ruling is final")
    if state.status == "cancelled":
        raise WrongStatus("match-cancelled", "the game was cancelled: it counts nowhere")
    if state.status not in ("finished", "confirmed"):
        raise WrongStatus("match-not-finished", "only a finished game can be disputed")
    ended = state.finished_at
    if state.status == "confirmed" and ended is not None and command.at - ended > command.window:
        raise WrongStatus(
            "dispute-window-closed",
            f"a confirmed game may be disputed up to {command.window.days} days after its end",
        )


def _text(reason: str) -> str:
    text = " ".join(reason.split())
    if not 1 <= len(text) <= MAX_TEXT:
        raise InvalidInput("invalid-reason", f"say why, in 1 to {MAX_TEXT} characters")
    return text


def settle(command: Settle, state: Match) -> list[Event]:
    if state.status != "disputed" or state.dispute is None:
        raise WrongStatus("not-disputed", "only a disputed game is settled")
    note = " ".join(command.note.split())
    if len(note) > MAX_TEXT:
        raise InvalidInput("invalid-note", f"a ruling's note has at most {MAX_TEXT} characters")
    settled = DisputeSettled(
        at=command.at, decision=command.decision, actor=command.actor, note=note
    )
    if command.decision == "annul":
        return [settled]
    before = state.dispute.counted_before
    counted = (
        set(before)
        if before is not None
        else consenting_seats(state) | {s for s in command.members if 0 <= s < len(state.seats)}
    )
    return [settled, MatchConfirmed(at=command.at, counts_for=tuple(sorted(counted)))]
