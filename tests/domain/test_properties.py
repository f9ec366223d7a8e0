"""Random deals played by random legal moves, for every rule set, never break an invariant."""

import random
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import (
    ALL_TILES,
    AnnulHand,
    BatidaKind,
    DomainError,
    End,
    Event,
    Hand,
    HandAnnulled,
    HandEnded,
    Match,
    MatchCommand,
    Pass,
    PenaltyKind,
    PerTeam,
    PlayTile,
    RecordPenalty,
    RecordResult,
    Rules,
    StartHand,
    UndoLastMove,
    decide,
    fold,
    legal_plays,
)
from domain.dominoes.tiles import NUMBERS
from tests.domain.builders import AT, created

PRESETS = ["pontos", "cinquenta", "federacao"]
GARBAGE_TILES = ["7-7", "x", "6-6-6"]


class Table:
    """A game driven by commands, checking the invariants after every decision."""

    def __init__(self, preset: str, rng: random.Random) -> None:
        self.rng = rng
        self.events: list[Event] = [created(preset)]
        self.state = fold(self.events)
        self.before_move: list[Match] = []
        self.before_hand_end: list[tuple[dict[str, int], int]] = []
        self.clock = AT

    def run(self, command: MatchCommand) -> list[Event]:
        new = decide(command, self.state)
        after = fold(new, self.state)
        if any(isinstance(e, HandEnded) for e in new):
            self.before_hand_end.append((self.state.score, self.state.pending_bonus))
        check_transition(self.state, after, new)
        self.events += new
        self.state = after
        return new

    def now(self) -> datetime:
        self.clock += timedelta(seconds=7)
        return self.clock

    def deal(self) -> StartHand:
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)
        assert isinstance(self.state.rules, Rules)
        n = self.state.rules.tiles_per_seat
        hands = [tiles[i * n : (i + 1) * n] for i in range(4)]
        hands = [[t if self.rng.random() < 0.8 else t[::-1] for t in h] for h in hands]
        return StartHand(at=self.now(), hands=hands, dorme=tiles[4 * n :])

    def random_result(self) -> RecordResult:
        rng, seat = self.rng, self.rng.randrange(4)
        sums = PerTeam(rng.randrange(60), rng.randrange(60))
        if rng.random() < 0.5:
            return RecordResult(at=self.now(), outcome="bloqueio", seat=seat, sums=sums)
        kinds: list[BatidaKind] = ["simples", "carroca", "la-e-lo", "cruzada"]
        kind = rng.choice(kinds)
        return RecordResult(at=self.now(), outcome="batida", seat=seat, kind=kind, sums=sums)

    def legal_move(self) -> PlayTile | Pass:
        plays = legal_plays(self.state)
        seat = self.state.turn
        assert seat is not None  # called during a hand
        if not plays:
            return Pass(at=self.now(), seat=seat)
        tile, end = self.rng.choice(plays)
        if [t for t, _ in plays].count(tile) == 1 and self.rng.random() < 0.5:
            end = None  # the only end it fits: saying it is optional
        return PlayTile(at=self.now(), seat=seat, tile=tile, end=end)

    def random_move(self) -> PlayTile | Pass:
        seat = self.rng.randrange(-1, 5)
        if self.rng.random() < 0.2:
            return Pass(at=self.now(), seat=seat)
        tile = self.rng.choice([*ALL_TILES, *GARBAGE_TILES])
        ends: list[End | None] = [None, "left", "right"]
        end = self.rng.choice(ends)
        return PlayTile(at=self.now(), seat=seat, tile=tile, end=end)


def refusal(state: Match, command: PlayTile | Pass) -> str | None:
    """An oracle written apart from `decide`: the code a move is refused with here, None if
    it may be made. Checked in the order a player would be told: the seat, the tile, whose
    turn, then the tile against the board."""
    hand, turn = state.hand, state.turn
    assert isinstance(hand, Hand)
    if command.seat not in range(4):
        return "invalid-seat"
    if isinstance(command, PlayTile) and not {command.tile, command.tile[::-1]} & set(NUMBERS):
        return "invalid-tile"
    if command.seat != turn:
        return "not-your-turn"
    held = hand.hands[command.seat]
    wanted = {hand.ends.left, hand.ends.right} if hand.ends else set()
    can_play = any(set(NUMBERS[t]) & wanted for t in held) or hand.ends is None
    if isinstance(command, Pass):
        return "must-play" if can_play else None
    tile = command.tile if command.tile in NUMBERS else command.tile[::-1]
    if tile not in held:
        return "tile-not-in-hand"
    if hand.ends is None:
        return None if hand.opening_tile in (None, tile) else "wrong-opening-tile"
    fits = [
        e for e, n in (("left", hand.ends.left), ("right", hand.ends.right)) if n in NUMBERS[tile]
    ]
    if not fits or (command.end is not None and command.end not in fits):
        return "tile-does-not-fit"
    if command.end is None and len(fits) == 2:
        return "end-required"
    return None


def check_hand(state: Match) -> None:
    hand = state.hand
    if hand is None:
        assert state.turn is None
        return
    assert isinstance(hand, Hand)
    laid = [t for held in hand.hands for t in held] + list(hand.board) + list(hand.dorme)
    assert sorted(laid) == sorted(ALL_TILES)  # the 28 tiles, each played at most once
    assert hand.tiles_left == tuple(len(h) for h in hand.hands)
    expected_turn = (hand.moves[-1].seat + 1) % 4 if hand.moves else hand.opener
    assert state.turn == expected_turn


def check_transition(before: Match, after: Match, new: list[Event]) -> None:
    check_hand(after)
    rules = after.rules
    assert rules is not None
    annulled = any(isinstance(e, HandAnnulled) for e in new)
    if not annulled:
        assert after.score["A"] >= before.score["A"]
        assert after.score["B"] >= before.score["B"]
    reached = max(after.score["A"], after.score["B"]) >= rules.target
    assert (after.status == "finished") == reached
    if after.status == "finished":
        assert after.winner is not None
        assert after.score[after.winner] >= rules.target


def probe_illegal(table: Table) -> None:
    """A random move, often illegal: decide agrees with the oracle, code for code."""
    command = table.random_move()
    expected = refusal(table.state, command)
    if expected is None:
        assert decide(command, table.state)
        return
    with pytest.raises(DomainError) as refused:
        decide(command, table.state)
    assert refused.value.code == expected


def play_game(table: Table, corrections: bool) -> None:
    for _ in range(5000):
        if table.state.status == "finished":
            if not (corrections and table.rng.random() < 0.3):
                return
            annul_last(table)
        elif table.state.hand is None:
            between_hands(table, corrections)
        else:
            during_hand(table, corrections)
    raise AssertionError("the game did not end")


def between_hands(table: Table, corrections: bool) -> None:
    roll = table.rng.random()
    if corrections and table.state.hands and roll < 0.15:
        annul_last(table)
    elif roll < 0.25:
        table.run(table.random_result())
    else:
        table.run(table.deal())


def during_hand(table: Table, corrections: bool) -> None:
    state = table.state
    assert isinstance(state.hand, Hand)
    probe_illegal(table)
    roll = table.rng.random()
    if corrections and state.hand.moves and roll < 0.1:
        table.run(UndoLastMove(at=table.now()))
        assert table.state == table.before_move.pop()
        return
    if roll > 0.99:
        kinds: list[PenaltyKind] = ["slow-play", "wrong-tile-shown", "out-of-turn", "tiles-shown"]
        kind = table.rng.choice(kinds)
        seat = table.rng.randrange(4)
        table.run(RecordPenalty(at=table.now(), seat=seat, kind=kind))
    else:
        table.before_move.append(state)
        table.run(table.legal_move())
    if table.state.hand is None:
        table.before_move.clear()


def annul_last(table: Table) -> None:
    """Annul the last hand: the score and bonus go back to what they were before it."""
    expected = table.before_hand_end.pop()
    table.run(AnnulHand(at=table.now(), number=table.state.hands[-1].number))
    assert (table.state.score, table.state.pending_bonus) == expected


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_legal_games_keep_every_invariant_and_fold_back_to_the_same_state(
    preset: str, seed: int
) -> None:
    table = Table(preset, random.Random(seed))
    play_game(table, corrections=False)
    assert table.state.status == "finished"
    assert fold(table.events) == table.state


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_undo_and_annulment_keep_every_invariant(preset: str, seed: int) -> None:
    table = Table(preset, random.Random(seed))
    play_game(table, corrections=True)
    assert fold(table.events) == table.state
