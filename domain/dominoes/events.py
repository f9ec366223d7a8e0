"""What happens at a dominoes table: deals, tiles laid, passes."""

from typing import ClassVar

from domain.dominoes.tiles import Tile
from domain.match.events import Event
from domain.match.secrets import Secret, dealt
from domain.table import End, Seat


class HandStarted(Event, frozen=True, kw_only=True, tag="hand_started"):
    starts_a_hand: ClassVar[bool] = True

    number: int
    opener: Seat
    opening_tile: Tile | None
    hands: tuple[tuple[Tile, ...], ...]
    dorme: tuple[Tile, ...] = ()

    def secrets(self) -> tuple[Secret, ...]:
        return dealt(self.hands, dorme=self.dorme)


class DealVoided(Event, frozen=True, kw_only=True, tag="deal_voided"):
    """A deal refused by the rules (a seat with too many doubles); the hand did not start."""

    number: int
    seat: Seat
    doubles: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    dorme: tuple[Tile, ...] = ()


class TilePlayed(Event, frozen=True, kw_only=True, tag="tile_played"):
    seat: Seat
    tile: Tile
    end: End | None
    """None only for the opening tile."""


class Passed(Event, frozen=True, kw_only=True, tag="passed"):
    seat: Seat


DominoEvent = HandStarted | DealVoided | TilePlayed | Passed

DOMINO_EVENTS = DominoEvent.__args__
