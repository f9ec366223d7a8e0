"""The events of a dispute, in the game's own stream (tags fixed forever)."""

from typing import Literal

from domain.match.events import Event

Decision = Literal["confirm", "annul"]


class MatchDisputed(Event, frozen=True, kw_only=True, tag="match_disputed"):
    """A seated player contests the result: the game counts for nobody until it is settled."""

    seat: int
    actor: str
    reason: str


class DisputeSettled(Event, frozen=True, kw_only=True, tag="dispute_settled"):
    """An organizer's ruling. "confirm" is followed by the game's `MatchConfirmed`; "annul"
    voids the game for good (it counts nowhere, as a cancelled one)."""

    decision: Decision
    actor: str
    note: str = ""


DISPUTE_EVENTS: tuple[type[Event], ...] = (MatchDisputed, DisputeSettled)
