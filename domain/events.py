"""Every event of every game: one tagged union, one decoder. Tags are fixed forever."""

import msgspec

from domain.cards.events import CardEvent
from domain.dominoes.events import DominoEvent
from domain.match.events import Event, SharedEvent

MatchEvent = SharedEvent | DominoEvent | CardEvent
EVENT_TYPES: tuple[type[Event], ...] = MatchEvent.__args__
DECODER: msgspec.json.Decoder[MatchEvent] = msgspec.json.Decoder(MatchEvent)
ENCODER = msgspec.json.Encoder()


def encode(event: Event) -> bytes:
    return ENCODER.encode(event)


def decode(data: bytes | str) -> MatchEvent:
    return DECODER.decode(data)
