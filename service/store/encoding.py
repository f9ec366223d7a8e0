"""Events to the store's rows: msgspec JSON, the Struct's tag as the event type; a game's
event keeps its secrets apart from its public body (`service.store.secrets`), and any event
its names and free texts (`service.store.texts`)."""

from __future__ import annotations

import msgspec

from domain import Event
from service.store.event_store import NewEvent
from service.store.secrets import PUBLIC, sealed
from service.store.texts import commit_texts


def new_event(event: msgspec.Struct, metadata: dict[str, object]) -> NewEvent:
    if isinstance(event, Event):
        made = sealed(event, metadata)
    else:
        made = NewEvent(
            str(type(event).__struct_config__.tag),
            PUBLIC.encode(event).decode(),
            PUBLIC.encode(metadata).decode(),
        )
    data, openings = commit_texts(made.type, made.data, metadata)
    if not openings:
        return made
    return msgspec.structs.replace(made, data=data, openings=openings, plain=made.data)
