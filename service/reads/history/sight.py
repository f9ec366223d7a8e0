"""What one reader sees of a game's events: the secrets of a hand in progress only for the
seats they may see, and of a hand that has ended whose secrets are kept (poker), the cards
it showed and the reader's own."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from domain import KEPT_TYPES, game_of
from service.store.event_store import RecordedEvent
from service.store.matches import MatchRecord

_OBJECT = msgspec.json.Decoder(dict[str, Any])


def _in_progress(record: MatchRecord, stored: RecordedEvent) -> bool:
    return record.state.hand is not None and stored.version >= record.dealt_at > 0


class Sight(msgspec.Struct, frozen=True):
    """What one reader sees of the events of a game's hand in progress."""

    seats: frozenset[int]
    """The seats whose secrets they see (`visible_seats`); all of them: the stock too."""
    table: int
    """How many seats the game has."""
    sealed: bool
    """The hand's deal keeps its secrets out of the hash chain (else its links are
    withheld from a reader who does not see it all)."""
    revealed: dict[int, frozenset[str]] | None = None
    """A hand that has ended whose secrets are kept (`Event.kept`): the cards it showed, by
    seat; the reader sees those, and their own seats' (`seats`), nothing else ever."""
    revealable: tuple[str, ...] = ()
    """The parts of the kept event a showdown may open, by the start of their path."""

    def shows(self, path: str, seat: int | None, value: object) -> bool:
        if seat is None:
            return self.revealed is None and len(self.seats) == self.table
        if seat in self.seats:
            return True
        if self.revealed is None or not path.startswith(self.revealable):
            return False
        shown = self.revealed.get(seat)
        return shown is not None and isinstance(value, str) and value in shown


def sight(
    record: MatchRecord,
    stored: RecordedEvent,
    seen: frozenset[int],
    own: frozenset[int] = frozenset(),
) -> Sight | None:
    """None: the event is public as it is (its hand has ended, or it is not in one). `own`:
    the reader's seats, who sees their own kept secrets of a hand that has ended."""
    if _in_progress(record, stored):
        return Sight(seen, len(record.state.seats), record.sealed)
    revealable = KEPT_TYPES.get(stored.type)
    if revealable is None:
        return None
    return Sight(own, len(record.state.seats), True, _revealed(record, stored), revealable)


def _revealed(record: MatchRecord, stored: RecordedEvent) -> dict[int, frozenset[str]]:
    """What the kept event's hand showed when it ended: found by the hand's number and its
    time (an annulled hand, whose number a later deal takes again, shows nothing)."""
    state = record.state
    rules = state.rules
    if rules is None:
        return {}
    reveal = game_of(rules).revealed
    data = _OBJECT.decode(stored.data)
    number, at = data.get("number"), _when(data.get("at"))
    if reveal is None or at is None:
        return {}
    for result in state.hands:
        if result.number == number and result.started_at <= at <= result.ended_at:
            return reveal(result)
    return {}


def _when(text: object) -> datetime | None:
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None
