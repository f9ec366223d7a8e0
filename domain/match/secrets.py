"""What an event keeps out of the public history (design.md, "Secrets in the history").

An event that carries a secret (a seat's hand, the dorme, a card played face down) names
each secret part: where it sits in the event's JSON body, its value, and the seat it
belongs to. The store keeps the parts apart from the hashed body, each behind a salted
commitment, and reveals them when the rules make them public (the hand ends).
"""

from typing import NamedTuple


class Secret(NamedTuple):
    path: str
    """Where it sits in the event's JSON body: "hands.2" (seat 2's hand), "dorme", "card"."""
    value: object
    """Its JSON value: a list of tiles or cards, or one card."""
    seat: int | None
    """The seat it belongs to, which sees it before the reveal; None: no seat's (a stock)."""


NO_SECRETS: tuple[Secret, ...] = ()


def dealt(hands: tuple[tuple[str, ...], ...], **rest: tuple[str, ...]) -> tuple[Secret, ...]:
    """A deal: each seat's hand, committed seat by seat, and any undealt cards or tiles."""
    own = tuple(Secret(f"hands.{seat}", list(cards), seat) for seat, cards in enumerate(hands))
    return own + tuple(Secret(name, list(cards), None) for name, cards in rest.items())
