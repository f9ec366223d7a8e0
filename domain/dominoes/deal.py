"""Checking a deal posted with StartHand, and the federacao's void deal."""

from collections.abc import Sequence

from domain.dominoes.rules import Rules
from domain.dominoes.tiles import DOUBLES, normalise
from domain.errors import InvalidInput

Holdings = tuple[tuple[str, ...], ...]


def check_deal(
    rules: Rules, hands: Sequence[Sequence[str]], dorme: Sequence[str]
) -> tuple[Holdings, tuple[str, ...]]:
    """The deal with its tiles normalised; `invalid-deal` unless it is the 28 tiles,
    `tiles_per_seat` to each of the 4 seats and `dorme_size` left over."""
    if len(hands) != 4:
        raise InvalidInput("invalid-deal", f"a deal has 4 hands, got {len(hands)}")
    held = tuple(tuple(normalise(t) for t in hand) for hand in hands)
    rest = tuple(normalise(t) for t in dorme)
    for seat, tiles in enumerate(held):
        if len(tiles) != rules.tiles_per_seat:
            raise InvalidInput(
                "invalid-deal",
                f"seat {seat} has {len(tiles)} tiles; each seat gets {rules.tiles_per_seat}",
            )
    if len(rest) != rules.dorme_size:
        raise InvalidInput(
            "invalid-deal", f"the dorme has {len(rest)} tiles; it must have {rules.dorme_size}"
        )
    if len({*rest, *(t for tiles in held for t in tiles)}) != 28:
        raise InvalidInput("invalid-deal", "a tile appears twice: a deal uses each tile once")
    return held, rest


def too_many_doubles(rules: Rules, hands: Holdings) -> tuple[int, tuple[str, ...]] | None:
    """(seat, its doubles) when a seat's doubles void the deal, else None."""
    if rules.redeal_doubles == 0:
        return None
    for seat, tiles in enumerate(hands):
        doubles = tuple(t for t in tiles if t in DOUBLES)
        if len(doubles) >= rules.redeal_doubles:
            return seat, doubles
    return None
