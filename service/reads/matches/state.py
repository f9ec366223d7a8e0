"""A game's state as a reader sees it: the hand in progress hidden but for the seats the
reader may see, everything about a hand once it has ended (design.md, "Secrets in the
history").

The answer (`MatchState`, `HandOut`) and the view (`match_state`, `visible_seats`,
`over_now`) still live in service/http/matches/views.py, which is being reshaped with each
game's own bodies (issue 30): the read layer reaches them through this module alone, so
the pages import nothing of service/http and the move of views.py will touch this file
only."""

from __future__ import annotations

from service.http.matches.views import HandOut, MatchState, match_state, over_now, visible_seats
from service.store.matches import MatchRecord

__all__ = [
    "HandOut",
    "MatchState",
    "match_state",
    "over_now",
    "public_state",
    "visible_seats",
]


def public_state(record: MatchRecord, current: MatchRecord) -> MatchState:
    """The game at `record`'s version as anyone may see it: a hand's tiles or cards only
    once that hand has ended."""
    seen = visible_seats(record, None, revealed=over_now(record, current))
    return match_state(record.match_id, record.version, record.state, seen)
