"""Every event of every game: one tagged union, one decoder. Tags are fixed forever."""

import msgspec

from domain.cards.betting.events import BettingEvent
from domain.cards.buraco.events import (
    AddedToMeld,
    Melded,
    MortoTaken,
    MortoToStock,
    RedThreeLaid,
)
from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.events import CardEvent
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.stock.events import StockEvent
from domain.dominoes.events import DominoEvent
from domain.match.events import Event, SharedEvent

MatchEvent = (
    SharedEvent
    | DominoEvent
    | CardEvent
    | StockEvent
    | MauMauCalled
    | MauMauAccused
    | Melded
    | AddedToMeld
    | MortoTaken
    | MortoToStock
    | RedThreeLaid
    | NaBoaSaid
    | QueueJumped
    | SeatBurned
    | WentOut
    | BettingEvent
)
EVENT_TYPES: tuple[type[Event], ...] = MatchEvent.__args__
SECRET_TYPES = frozenset(
    str(kind.__struct_config__.tag) for kind in EVENT_TYPES if kind.secrets is not Event.secrets
)
"""The event types that may keep a secret out of the public history (`Event.secrets`)."""
KEPT_TYPES: dict[str, tuple[str, ...]] = {
    str(kind.__struct_config__.tag): kind.revealable for kind in EVENT_TYPES if kind.kept
}
"""The event types whose secrets stay hidden after their hand but for what it reveals, with
the parts it may reveal (`Event.revealable`)."""
DECODER: msgspec.json.Decoder[MatchEvent] = msgspec.json.Decoder(MatchEvent)
ENCODER = msgspec.json.Encoder()


def encode(event: Event) -> bytes:
    return ENCODER.encode(event)


def decode(data: bytes | str) -> MatchEvent:
    return DECODER.decode(data)
