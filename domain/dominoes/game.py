"""Brazilian partnership dominoes, as the core sees it: three rule sets of one game."""

from collections.abc import Sequence
from datetime import datetime

from msgspec.structs import replace

from domain.dominoes import board
from domain.dominoes.bodies import (
    DominoesDeal,
    DominoesMove,
    DominoesResult,
    dealt,
    moved,
    recorded,
)
from domain.dominoes.commands import DOMINO_COMMANDS, Pass, PlayTile, RecordResult, StartHand
from domain.dominoes.events import DOMINO_EVENTS, DealVoided, HandStarted, Passed, TilePlayed
from domain.dominoes.hand import Hand
from domain.dominoes.moves import pass_turn, play_tile, start_hand, undo
from domain.dominoes.opener import opener_after
from domain.dominoes.penalties import penalize
from domain.dominoes.refusals import REFUSALS
from domain.dominoes.results import record_result
from domain.dominoes.rules import CINQUENTA, FEDERACAO, PONTOS, Rules
from domain.dominoes.tiles import ALL_TILES
from domain.dominoes.view import DominoesHand, view
from domain.errors import InvalidInput
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Event, MoveUndone
from domain.match.game import Bodies, Examples, Game
from domain.match.guards import hand_of
from domain.match.state import HandResult, Match


def rules_of(state: Match) -> Rules:
    if not isinstance(state.rules, Rules):
        raise ValueError("not a dominoes game")
    return state.rules


def decide(command: Command, state: Match) -> list[Event]:
    rules = rules_of(state)
    match command:
        case PlayTile():
            return play_tile(command, state, rules)
        case Pass():
            return pass_turn(command, state)
        case StartHand():
            return start_hand(command, state, rules)
        case RecordResult():
            return record_result(command, state, rules)
        case RecordPenalty():
            return penalize(command, state, rules)
        case UndoLastMove():
            return undo(command, state)
    raise InvalidInput("invalid-command", f"a dominoes game has no {type(command).__name__}")


def evolve(state: Match, event: Event) -> Match:
    match event:
        case TilePlayed():
            hand = board.place(hand_of(state, Hand), event.seat, event.tile, event.end)
            return replace(state, hand=hand, turn=(event.seat + 1) % 4)
        case Passed():
            hand = board.pass_turn(hand_of(state, Hand), event.seat)
            return replace(state, hand=hand, turn=(event.seat + 1) % 4)
        case MoveUndone():
            hand = board.take_back(hand_of(state, Hand))
            return replace(state, hand=hand, turn=board.turn_after(hand))
        case HandStarted():
            return _started(state, event)
        case DealVoided():
            return replace(state, started_at=state.started_at or event.at)
    return state


def after_hand(state: Match, result: HandResult) -> Match:
    return replace(state, next_opener=opener_after(rules_of(state), state.next_opener, result))


def _started(state: Match, event: HandStarted) -> Match:
    hand = Hand(
        number=event.number,
        opener=event.opener,
        opening_tile=event.opening_tile,
        started_at=event.at,
        deal=event.hands,
        dorme=event.dorme,
        hands=event.hands,
        tiles_left=tuple(len(h) for h in event.hands),
    )
    return replace(state, hand=hand, turn=event.opener, started_at=state.started_at or event.at)


def shuffled(state: Match, order: Sequence[str], at: datetime) -> StartHand:
    n = rules_of(state).tiles_per_seat
    tiles = list(order)
    return StartHand(
        at=at, hands=[tiles[s * n : (s + 1) * n] for s in range(4)], dorme=tiles[4 * n :]
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """A batida or a block; a block of equal sums (an `empate`, D3, D6) is posted as the
    block it was, and the rules make it an empate again (a penalty's hand has no body)."""
    if result.outcome not in ("batida", "bloqueio", "empate"):
        return None
    sums = None if result.sums is None else {"A": result.sums.A, "B": result.sums.B}
    outcome = "batida" if result.outcome == "batida" else "bloqueio"
    body = {"outcome": outcome, "seat": result.by_seat, "kind": result.kind, "sums": sums}
    return {k: v for k, v in body.items() if v is not None}


EXAMPLES = Examples(
    create={"pontos": ("A friendly game of pontos to 6", {"preset": "pontos", "target": 6})},
    deal={
        "posted": (
            "A deal posted by the scorekeeper (pontos: 6 tiles each, 4 in the dorme)",
            {
                "hands": [
                    ["6-6", "1-2", "0-3", "4-5", "2-2", "1-6"],
                    ["5-5", "0-1", "3-4", "2-6", "0-0", "1-3"],
                    ["4-4", "0-2", "3-5", "1-1", "2-4", "0-6"],
                    ["3-3", "1-4", "2-5", "0-4", "3-6", "5-6"],
                ],
                "dorme": ["0-5", "1-5", "2-3", "4-6"],
            },
        ),
    },
    move={
        "play": ("Seat 2 lays 3-5 on the left end", {"seat": 2, "tile": "3-5", "end": "left"}),
        "pass": ("Seat 2 passes", {"seat": 2, "pass": True}),
        "guarded": (
            "Only if the game is still at version 12",
            {"seat": 1, "tile": "6-6", "expected_version": 12},
        ),
    },
    result={
        "batida": (
            "Batida de cruzada by seat 3",
            {"outcome": "batida", "seat": 3, "kind": "cruzada"},
        ),
        "bloqueio": (
            "Blocked: team A holds 12 pips, team B 17",
            {"outcome": "bloqueio", "sums": {"A": 12, "B": 17}},
        ),
    },
)


FIELDS = {
    "penalty.kind": "wrong-tile-shown, slow-play, irregular-pass, out-of-turn, tiles-shown, "
    "signal.",
    "penalty.sums": "scored by pips, a hand lost with its tiles unknown scores the offenders' "
    "pips left, given here.",
}
"""What the shared bodies' fields mean in dominoes, for the API document."""

DOMINOES = Game(
    name="dominoes",
    family="dominoes",
    rule_sets=(PONTOS, CINQUENTA, FEDERACAO),
    events=DOMINO_EVENTS,
    commands=DOMINO_COMMANDS,
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=ALL_TILES,
    shuffled=shuffled,
    result_body=result_body,
    examples=EXAMPLES,
    fields=FIELDS,
    bodies=Bodies(
        deal=DominoesDeal,
        move=DominoesMove,
        result=DominoesResult,
        hand=DominoesHand,
        dealt=dealt,
        moved=moved,
        recorded=recorded,
        view=view,
    ),
    refusals=REFUSALS,
)
