"""How a game's dispute and staleness are shown (G30-G36)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated

import msgspec
from msgspec import Meta

from domain import Match
from service.reads.stale import STALE_AFTER

__all__ = ["STALE_AFTER", "DisputeOut", "dispute_out", "is_stale"]


class DisputeOut(msgspec.Struct, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(description="The seat of the player who disputed the game.")]
    by: Annotated[str, Meta(description="That player's id.")]
    reason: Annotated[str, Meta(description="Why, in their words.")]
    at: Annotated[datetime, Meta(description="When it was disputed.")]
    decision: Annotated[
        str | None,
        Meta(description='The organizer\'s ruling: "confirm" or "annul"; null: not settled yet.'),
    ] = None
    note: Annotated[str, Meta(description="The ruling's note.")] = ""
    settled_by: Annotated[str | None, Meta(description="Who settled it.")] = None
    settled_at: Annotated[datetime | None, Meta(description="When it was settled.")] = None


def dispute_out(state: Match) -> DisputeOut | None:
    d = state.dispute
    if d is None:
        return None
    return DisputeOut(
        seat=d.seat,
        by=d.actor,
        reason=d.reason,
        at=d.at,
        decision=d.decision,
        note=d.note,
        settled_by=d.settled_by,
        settled_at=d.settled_at,
    )


def is_stale(state: Match, after: timedelta, now: datetime | None = None) -> bool:
    """Finished, never confirmed, and ended longer ago than `after` (G36)."""
    ended = state.finished_at
    if state.status != "finished" or ended is None:
        return False
    return (now or datetime.now(UTC)) - ended > after
