"""Every event of every game: one tagged union, one decoder, from the registered games (each
declares its own: `Game.events`). Tags are fixed forever."""

from typing import TYPE_CHECKING, Union

import msgspec

from domain.disputes.events import DISPUTE_EVENTS
from domain.games import GAMES
from domain.match.events import Event, MatchCreated, SharedEvent
from domain.rulesets import RuleSet

EVENT_TYPES: tuple[type[Event], ...] = tuple(
    dict.fromkeys(
        [
            *SharedEvent.__args__,
            *DISPUTE_EVENTS,
            *(kind for game in GAMES for kind in game.events),
        ]
    )
)
"""Every event type, the shared ones first, each once."""
if TYPE_CHECKING:
    MatchEvent = Event
else:  # a game's creation decodes with any registered game's rules
    MatchEvent = Union[  # noqa: UP007
        tuple(MatchCreated[RuleSet] if kind is MatchCreated else kind for kind in EVENT_TYPES)
    ]
SECRET_TYPES = frozenset(
    str(kind.__struct_config__.tag) for kind in EVENT_TYPES if kind.secrets is not Event.secrets
)
"""The event types that may keep a secret out of the public history (`Event.secrets`)."""
KEPT_TYPES: dict[str, tuple[str, ...]] = {
    str(kind.__struct_config__.tag): kind.revealable for kind in EVENT_TYPES if kind.kept
}
"""The event types whose secrets stay hidden after their hand but for what it reveals, with
the parts it may reveal (`Event.revealable`)."""
DECODER: msgspec.json.Decoder[Event] = msgspec.json.Decoder(MatchEvent)
ENCODER = msgspec.json.Encoder()


def encode(event: Event) -> bytes:
    return ENCODER.encode(event)


def decode(data: bytes | str) -> Event:
    return DECODER.decode(data)
