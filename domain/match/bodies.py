"""What a client sends to deal, move or record a hand's result, and what it reads of a hand
in progress: each game declares these bodies in its own package, as subclasses of the bases
here, and the registry composes them (design.md, "A game is a package").

A body is read strictly (unknown fields refused); a field a game does not know is not in
its body. Its `command` is the game's to build (`Game.move`, `Game.deal`, `Game.result`).
"""

from datetime import datetime
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from domain.errors import InvalidInput

SeatNumber = Annotated[
    int,
    Meta(ge=0, le=7, description="A seat in order of play, 0 to the table's last."),
]
ExpectedVersion = (
    Annotated[
        int,
        Meta(
            ge=0,
            description="Refuse the write (409) unless the game is at this version. Same as the "
            "If-Match header.",
        ),
    ]
    | None
)
Seen = frozenset[int]
"""The seats whose hands in progress a reader may see."""


class MalformedRequest(InvalidInput):
    """The body does not say one thing this game can do: a bad body, not a bad move."""

    def __init__(self, message: str) -> None:
        super().__init__("invalid-body", message)


class Body(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A request body: read strictly, unknown fields refused."""


class WriteBody(Body, frozen=True, kw_only=True):
    """A write on a game: it may name the version it expects."""

    expected_version: ExpectedVersion = None


class DealBody(WriteBody, frozen=True, kw_only=True):
    """The next hand's deal: posted (the game's own fields), or made by the service."""

    deal: Annotated[
        Literal["server"] | None,
        Meta(description='"server": the service shuffles and deals; omit to post the deal.'),
    ] = None
    posted: ClassVar[tuple[str, ...]] = ("hands",)
    """The fields that post cards or tiles: a deal asked of the server has none of them."""

    def mixed(self) -> bool:
        """It asks the server to deal and posts cards too."""
        return self.deal == "server" and any(getattr(self, f) is not None for f in self.posted)


OwnCard = Literal["named", "by-position"]


class MoveBody(WriteBody, frozen=True, kw_only=True):
    """A move (a play, a pass, a bet, ...): each game says which."""

    def mover(self) -> int | None:
        """The seat that moves; None for a move of nobody's (Hold'em's board named)."""
        return None

    def names_hidden_cards(self) -> bool:
        """It names cards that come from where nobody sees (a stock not posted, a board):
        only who sees every hand may send it, since whether the cards can come from there
        would tell what the other hands hold."""
        return False

    def own_card(self) -> OwnCard | None:
        """How it picks a card of the mover's own hand: "named" (only who sees that hand may
        name one: a refusal, or an acceptance, would tell what it holds), "by-position" (how
        a player who sees nothing of their hand plays, in a hand played blind), or None."""
        return None


class SeatMove(MoveBody, frozen=True, kw_only=True):
    """A move of one seat."""

    seat: Annotated[
        int, Meta(ge=0, le=7, description="The seat that moves, 0 to the table's last.")
    ]

    def mover(self) -> int | None:
        return self.seat


PlayedAt = Annotated[
    datetime,
    Meta(
        tz=True,
        description="When the hand ended, for a score sheet typed in after the game (RFC 3339 "
        "with its zone): its durations and periods follow it. Not in the future, not before "
        "the previous hand ended, from 2 January 1900 to the end of 3000. Default: now.",
    ),
]
StartedAt = Annotated[
    datetime,
    Meta(tz=True, description="When the hand began, if known (not after `played_at`)."),
]


class ResultBody(WriteBody, frozen=True, kw_only=True):
    """A whole hand recorded by its result: each game says what its result holds."""

    played_at: PlayedAt | None = None
    started_at: StartedAt | None = None


class TeamPair(msgspec.Struct, frozen=True):
    """A number for each of two partnerships: tricks, card points, pips left."""

    A: Annotated[int, Meta(description="Team A's (seats 0 and 2).")]
    B: Annotated[int, Meta(description="Team B's (seats 1 and 3).")]


class HandView(msgspec.Struct, frozen=True, kw_only=True, tag_field="game"):
    """The hand in progress as one reader may see it: each game's own struct, tagged by the
    game's name (`"game"`), with its family (`"family"`) and what every hand has."""

    number: Annotated[int, Meta(description="1 for the first hand of the game.")]
    opener: Annotated[int, Meta(description="The seat that opens or leads this hand.")]
    started_at: Annotated[datetime, Meta(description="When the hand was dealt.")]
