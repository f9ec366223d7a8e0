"""Domain events to the store's rows: msgspec JSON, the Struct's tag as the event type."""

from __future__ import annotations

import msgspec

from service.store.event_store import NewEvent

ENCODER = msgspec.json.Encoder()


def new_event(event: msgspec.Struct, metadata: dict[str, object]) -> NewEvent:
    return NewEvent(
        str(type(event).__struct_config__.tag),
        ENCODER.encode(event).decode(),
        ENCODER.encode(metadata).decode(),
    )
