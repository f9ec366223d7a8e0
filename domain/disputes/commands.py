"""What a client asks of a dispute. The window's length comes in on the command (a setting
of the service), as the time does: `decide` has no clock."""

from datetime import timedelta

from domain.disputes.events import Decision
from domain.match.commands import Command

DISPUTE_DAYS = 7
"""G31: how long after its end a confirmed game may still be disputed (DOMINO_DISPUTE_DAYS)."""


class Dispute(Command, frozen=True, kw_only=True, tag="dispute"):
    actor: str
    reason: str
    window: timedelta = timedelta(days=DISPUTE_DAYS)


class Settle(Command, frozen=True, kw_only=True, tag="settle"):
    actor: str
    decision: Decision
    note: str = ""
    members: tuple[int, ...] = ()
    """The seats whose players joined the game's competition: a ruling that confirms a game
    never confirmed before counts for them, as an organizer's confirmation does (G33)."""


DISPUTE_COMMANDS = (Dispute, Settle)
