"""The mechanics of a hand in progress: laying tiles, passing, taking a move back."""

from collections.abc import Sequence

from msgspec.structs import replace

from domain.dominoes.hand import Ends, Hand, Move
from domain.dominoes.tiles import MASK, NUMBERS, pips
from domain.match.state import PerTeam
from domain.table import ENDS, End


def open_ends(ends: Ends | None, tile: str, end: End | None) -> Ends:
    """The open ends once `tile` is laid on `end` (on an empty board, its two numbers)."""
    a, b = NUMBERS[tile]
    if ends is None:
        return Ends(a, b)
    if end == "left":
        return Ends(b if a == ends.left else a, ends.right)
    return Ends(ends.left, b if a == ends.right else a)


def fitting_ends(ends: Ends, tile: str) -> tuple[End, ...]:
    a, b = NUMBERS[tile]
    left = ends.left == a or ends.left == b
    right = ends.right == a or ends.right == b
    if left:
        return ENDS if right else ENDS[:1]
    return ENDS[1:] if right else ()


def can_play(tiles: Sequence[str], ends: Ends | None) -> bool:
    if ends is None:
        return bool(tiles)
    wanted = (1 << ends.left) | (1 << ends.right)
    return any(MASK[t] & wanted for t in tiles)


def is_blocked(hands: Sequence[Sequence[str]], ends: Ends, played: str | None = None) -> bool:
    """Nobody holds a tile (other than `played`, just laid) that fits `ends`.

    Plain loops: this runs on every play.
    """
    wanted = (1 << ends.left) | (1 << ends.right)
    for held in hands:
        for tile in held:
            if MASK[tile] & wanted and tile != played:
                return False
    return True


def team_sums(hands: Sequence[Sequence[str]]) -> PerTeam:
    return PerTeam(pips(hands[0]) + pips(hands[2]), pips(hands[1]) + pips(hands[3]))


def place(hand: Hand, seat: int, tile: str, end: End | None) -> Hand:
    held = hand.hands[seat]
    i = held.index(tile)
    hands = (*hand.hands[:seat], held[:i] + held[i + 1 :], *hand.hands[seat + 1 :])
    left = hand.tiles_left
    board = (tile, *hand.board) if end == "left" else (*hand.board, tile)
    return replace(
        hand,
        hands=hands,
        tiles_left=(*left[:seat], left[seat] - 1, *left[seat + 1 :]),
        board=board,
        ends=open_ends(hand.ends, tile, end),
        moves=(*hand.moves, Move(seat=seat, tile=tile, end=end)),
    )


def pass_turn(hand: Hand, seat: int) -> Hand:
    return replace(hand, moves=(*hand.moves, Move(seat=seat)))


def apply(hand: Hand, move: Move) -> Hand:
    if move.tile is None:
        return pass_turn(hand, move.seat)
    return place(hand, move.seat, move.tile, move.end)


def take_back(hand: Hand) -> Hand:
    """The hand as it was before its last move: replayed from the deal (a hand is short)."""
    fresh = replace(
        hand,
        hands=hand.deal,
        tiles_left=tuple(len(h) for h in hand.deal),
        board=(),
        ends=None,
        moves=(),
    )
    for move in hand.moves[:-1]:
        fresh = apply(fresh, move)
    return fresh


def turn_after(hand: Hand) -> int:
    return (hand.moves[-1].seat + 1) % 4 if hand.moves else hand.opener
