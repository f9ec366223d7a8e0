"""Domain errors: each carries a stable `code` for clients and a message saying what to fix.

The three classes tell the HTTP layer how to answer: `InvalidInput` (the command is
malformed), `IllegalMove` (the rules forbid it in this position; `TellsAHand` when the
refusal depends on a hidden hand), `WrongStatus` (the game is not in a state where the
command applies).
"""

from typing import Literal

InputCode = Literal[
    "invalid-body",
    "invalid-command",
    "invalid-tile",
    "invalid-seat",
    "invalid-seats",
    "invalid-team",
    "invalid-rules",
    "invalid-deal",
    "invalid-result",
    "invalid-penalty",
    "invalid-time",
    "hands-out-of-order",
    "sums-required",
    "blocker-required",
    "not-on-team",
    "invalid-stage",
    "stage-outside-competition",
    "invalid-card",
    "wrong-dealer",
    "invalid-format",
    "unknown-fixture",
    "not-the-fixtures-teams",
    "invalid-bid",
    "invalid-pass",
    "invalid-meld",
    "invalid-draw",
    "suit-required",
    "invalid-accusation",
    "invalid-stacks",
    "not-enough-chips",
    "invalid-bet",
    "invalid-board",
    "invalid-exchange",
]
MoveCode = Literal[
    "not-your-turn",
    "tile-not-in-hand",
    "tile-does-not-fit",
    "end-required",
    "must-play",
    "wrong-opening-tile",
    "not-an-infraction",
    "card-not-in-hand",
    "must-follow-suit",
    "covered-not-allowed",
    "redeal-not-allowed",
    "raise-pending",
    "raise-twice",
    "wrong-raise",
    "not-answering-team",
    "bids-pending",
    "bids-closed",
    "spades-not-broken",
    "spade-in-first-trick",
    "pass-pending",
    "no-pass",
    "already-given",
    "two-of-clubs-leads",
    "points-in-first-trick",
    "hearts-not-broken",
    "card-not-in-stock",
    "already-drew",
    "draw-first",
    "stock-empty",
    "card-does-not-follow",
    "seven-pending",
    "penalty-draw-pending",
    "already-called",
    "already-accused",
    "pile-empty",
    "cannot-go-out",
    "must-keep-a-discard",
    "one-set-per-rank",
    "jump-pending",
    "no-batida",
    "queue-closed",
    "pile-locked",
    "red-three-first",
    "board-pending",
    "exchange-pending",
    "bet-pending",
    "nothing-to-cover",
    "not-enough-chips",
    "bet-too-small",
    "betting-closed",
    "raise-cap",
    "over-table-limit",
    "fixed-limit",
    "raise-too-small",
    "board-not-due",
    "board-posted",
    "not-the-exchange",
    "stock-short",
    "nobody-to-raise",
]
StatusCode = Literal[
    "match-not-created",
    "match-already-created",
    "hand-not-started",
    "hand-in-progress",
    "match-finished",
    "match-not-finished",
    "match-confirmed",
    "already-confirmed",
    "nothing-to-undo",
    "nothing-to-annul",
    "not-last-hand",
    "no-raise-pending",
    "fixture-decided",
    "fixture-has-game",
    "fixture-has-no-game",
    "not-the-fixtures-game",
    "tournament-finished",
    "match-cancelled",
    "nothing-to-close",
]
ErrorCode = InputCode | MoveCode | StatusCode


class DomainError(Exception):
    """A refused command. `code` never changes; `message` is for people."""

    code: ErrorCode

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class InvalidInput(DomainError):
    """The command itself is malformed: a bad tile, seat, deal, result or rule value."""

    def __init__(self, code: InputCode, message: str) -> None:
        super().__init__(code, message)


class IllegalMove(DomainError):
    """The command is well formed but the rules forbid it in this position."""

    def __init__(self, code: MoveCode, message: str) -> None:
        super().__init__(code, message)


class TellsAHand(IllegalMove):
    """A refusal that depends on what a seat holds (a card it lacks, a suit it must follow,
    a tile that fits): told as it is only to who sees that hand, since told apart it would
    show the hand to anyone else (the HTTP layer masks it)."""


class TellsTheTable(IllegalMove):
    """A refusal that depends on every hand at the table (a card named as drawn from an
    unknown stock while both its copies are held): told as it is only to who sees them all."""


class WrongStatus(DomainError):
    """The game is not in a state where the command applies (409 Conflict over HTTP)."""

    def __init__(self, code: StatusCode, message: str) -> None:
        super().__init__(code, message)
