"""Domain errors: each carries a stable `code` for clients and a message saying what to fix.

The three classes tell the HTTP layer how to answer: `InvalidInput` (the command is
malformed), `IllegalMove` (the rules forbid it in this position; `TellsAHand` when the
refusal depends on a hidden hand), `WrongStatus` (the game is not in a state where the
command applies).
"""

SHARED_CODES = frozenset(
    {
        "already-drawn",
        "already-seated",
        "already-waiting",
        "draw-mixed",
        "no-draw-due",
        "no-pile",
        "not-a-loser",
        "tile-taken",
        "already-disputed",
        "dispute-settled",
        "dispute-window-closed",
        "invalid-note",
        "invalid-reason",
        "match-annulled",
        "match-disputed",
        "not-disputed",
        "not-seated",
        "already-confirmed",
        "fixture-decided",
        "fixture-has-game",
        "fixture-has-no-game",
        "hand-in-progress",
        "hand-not-started",
        "hands-out-of-order",
        "invalid-body",
        "invalid-card",
        "invalid-command",
        "invalid-format",
        "invalid-penalty",
        "invalid-rules",
        "invalid-seat",
        "invalid-seats",
        "invalid-stage",
        "invalid-team",
        "invalid-tile",
        "invalid-time",
        "match-already-created",
        "match-cancelled",
        "match-confirmed",
        "match-finished",
        "match-not-created",
        "match-not-finished",
        "not-last-hand",
        "not-on-team",
        "not-the-fixtures-game",
        "not-the-fixtures-teams",
        "not-your-turn",
        "not-a-tournament-of-chips",
        "table-of-chips",
        "hand-counted",
        "unknown-table",
        "invalid-hand-result",
        "nothing-to-annul",
        "stage-outside-competition",
        "tournament-finished",
        "unknown-fixture",
        "wrong-dealer",
    }
)
"""The refusals of what every game shares (a game's creation, its table, confirmations, a
torneio's fixtures): each game adds its own (`Game.refusals`); `domain.games.ERROR_CODES`
is them all."""
ErrorCode = str


class DomainError(Exception):
    """A refused command. `code` never changes; `message` is for people."""

    code: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class InvalidInput(DomainError):
    """The command itself is malformed: a bad tile, seat, deal, result or rule value."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)


class IllegalMove(DomainError):
    """The command is well formed but the rules forbid it in this position."""

    def __init__(self, code: str, message: str) -> None:
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

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
