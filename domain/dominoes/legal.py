"""The legal moves in a position: for clients that offer choices, for tests and benchmarks."""

from domain.dominoes import board
from domain.dominoes.hand import Hand
from domain.match.state import Match
from domain.table import End


def legal_plays(state: Match) -> list[tuple[str, End | None]]:
    """(tile, end) for each play the seat in turn may make; empty means it must pass."""
    hand, seat = state.hand, state.turn
    if not isinstance(hand, Hand) or seat is None:
        return []
    held = hand.hands[seat]
    if hand.ends is None:
        allowed = [hand.opening_tile] if hand.opening_tile in held else held
        return [(t, None) for t in allowed if t is not None]
    plays: list[tuple[str, End | None]] = []
    for tile in held:
        plays.extend((tile, end) for end in board.fitting_ends(hand.ends, tile))
    return plays
