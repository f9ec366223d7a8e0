"""What every trick game shows of a hand in progress: the trick on the table, the tricks
taken, the cards each seat holds (to who may see them). Each game's view adds its own."""

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.cards.tricks.hand import Played, TrickHand
from domain.match.bodies import HandView, Seen, TeamPair


class CardOnTable(msgspec.Struct, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(description="Who played it.")]
    card: Annotated[
        str | None, Meta(description="The card; null for a covered card the reader may not see.")
    ]
    covered: Annotated[bool, Meta(description="Played face down.")] = False


class TrickOut(msgspec.Struct, frozen=True, kw_only=True):
    cards: Annotated[list[CardOnTable], Meta(description="Its cards, in the order played.")]
    winner: Annotated[int | None, Meta(description="The seat that took it; null: a tied round.")]
    team: Annotated[str | None, Meta(description="The team that took it.")]


class TrickHandView(HandView, frozen=True, kw_only=True):
    """A trick game's hand in progress (`"family": "cards"`)."""

    family: Annotated[Literal["cards"], Meta(description="Tricks.")] = "cards"
    dealer: Annotated[int, Meta(description="The seat that dealt it.")]
    leader: Annotated[int, Meta(description="The seat that leads the trick on the table.")]
    trick: Annotated[list[CardOnTable], Meta(description="The cards on the table, in order.")]
    tricks_played: Annotated[list[TrickOut], Meta(description="The finished tricks, in order.")]
    cards_left: Annotated[list[int], Meta(description="How many cards each seat still holds.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's cards, null where the reader may not see them."),
    ]
    tricks_by_seat: Annotated[list[int], Meta(description="Tricks each seat has taken.")]


class PartnershipTrickView(TrickHandView, frozen=True, kw_only=True):
    """A trick game of two partnerships: the tricks each team has taken."""

    tricks: Annotated[TeamPair, Meta(description="Tricks each team has taken.")]


def on_table(played: Played, seen: Seen) -> CardOnTable:
    """A covered card's face is secret until the hand ends, but to its own seat's reader."""
    card = played.card if not played.covered or played.seat in seen else None
    return CardOnTable(seat=played.seat, card=card, covered=played.covered)


def trick_fields(hand: TrickHand, seen: Seen) -> dict[str, Any]:
    """The fields every trick game's view has, for its struct."""
    seats = range(len(hand.hands))
    return {
        "number": hand.number,
        "opener": hand.opener,
        "started_at": hand.started_at,
        "dealer": hand.dealer,
        "leader": hand.leader,
        "trick": [on_table(p, seen) for p in hand.trick],
        "tricks_played": [
            TrickOut(cards=[on_table(p, seen) for p in t.cards], winner=t.winner, team=t.team)
            for t in hand.tricks
        ],
        "cards_left": [len(cards) for cards in hand.hands],
        "hands": [list(cards) if seat in seen else None for seat, cards in enumerate(hand.hands)],
        "tricks_by_seat": [sum(t.winner == s for t in hand.tricks) for s in seats],
    }


def team_tricks(hand: TrickHand) -> TeamPair:
    return TeamPair(hand.won.A, hand.won.B)
