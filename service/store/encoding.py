"""Events to the store's rows: msgspec JSON, the Struct's tag as the event type; a game's
event keeps its secrets apart from its public body (`service.store.secrets`)."""

from __future__ import annotations

import msgspec

from domain import Event
from service.store.event_store import NewEvent
from service.store.secrets import PUBLIC, sealed


def new_event(event: msgspec.Struct, metadata: dict[str, object]) -> NewEvent:
    if isinstance(event, Event):
        return sealed(event, metadata)
    return NewEvent(
        str(type(event).__struct_config__.tag),
        PUBLIC.encode(event).decode(),
        PUBLIC.encode(metadata).decode(),
    )
