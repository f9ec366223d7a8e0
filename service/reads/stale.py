"""How long a finished game waits for its confirmation before it is stale, and a confirmed
one may still be disputed: DOMINO_DISPUTE_DAYS (G31, G36), as the app was made with it."""

from __future__ import annotations

from datetime import timedelta

from litestar.datastructures import State

from domain.disputes.commands import DISPUTE_DAYS

STALE_AFTER = timedelta(days=DISPUTE_DAYS)


def stale_after_of(state: State) -> timedelta:
    window: timedelta = getattr(state, "dispute_window", STALE_AFTER)
    return window
