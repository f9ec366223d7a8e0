"""The fold of a dispute's events into the game's state."""

from msgspec.structs import replace

from domain.disputes.events import DisputeSettled, MatchDisputed
from domain.match.events import Event
from domain.match.state import DisputeRecord, Match


def evolve_dispute(state: Match, event: Event) -> Match:
    if isinstance(event, MatchDisputed):
        before = state.counts_for if state.status == "confirmed" else None
        record = DisputeRecord(
            seat=event.seat,
            actor=event.actor,
            reason=event.reason,
            at=event.at,
            counted_before=before,
        )
        return replace(state, status="disputed", counts_for=(), dispute=record)
    if isinstance(event, DisputeSettled) and state.dispute is not None:
        ruled = replace(
            state.dispute,
            decision=event.decision,
            note=event.note,
            settled_by=event.actor,
            settled_at=event.at,
        )
        status = "annulled" if event.decision == "annul" else state.status
        return replace(state, status=status, dispute=ruled)
    return state
