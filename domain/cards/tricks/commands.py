"""What a card table's scorekeeper (or its players) ask for."""

from domain.match.commands import Command


class DealCards(Command, frozen=True, kw_only=True, tag="deal_cards"):
    hands: list[list[str]]
    """One hand per seat, in seat order."""
    dealer: int | None = None
    """Who deals: the seat due to deal; the first hand, any seat (3 if not said)."""
    trump_card: str | None = None
    """The dealer's last card, whose suit is the trump (a game that shows one)."""
    vira: str | None = None
    """The card turned up (a game that turns one)."""


class PlayCard(Command, frozen=True, kw_only=True, tag="play_card"):
    seat: int
    card: str
    covered: bool = False


TRICK_COMMANDS = (DealCards, PlayCard)
