"""A game's hash chain checked, and every secret its events reveal checked against the
commitment published when it was recorded."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.datastructures import State
from msgspec import Meta

from service.reads.history.events import event_out
from service.reads.history.sight import sight
from service.store.event_store import EventStore
from service.store.matches import Matches, MatchRecord, stream_of
from service.store.secrets import Checked, check_shown

VERIFY_YOURSELF = (
    "Run scripts/verify_game.py <service URL> <match id> (Python's standard library only): "
    "it recomputes the hash chain from this game's public events and checks each revealed "
    "secret: sha256(salt || canonical JSON of the value) equals the commitment the event "
    "published before anyone saw a card."
)


class Verification(msgspec.Struct, frozen=True, kw_only=True):
    match_id: Annotated[str, Meta(description="The game.")]
    version: Annotated[int, Meta(description="How many events were checked.")]
    valid: Annotated[
        bool,
        Meta(
            description="True when every link of the chain holds and every revealed secret "
            "matches its commitment."
        ),
    ]
    first_bad_version: Annotated[int | None, Meta(description="The first broken link.")]
    secrets_matched: Annotated[
        int,
        Meta(
            description="Secrets revealed (hands, dorme, covered cards of ended hands) "
            "that match the commitment published when they were recorded."
        ),
    ] = 0
    secrets_hidden: Annotated[
        int, Meta(description="Secrets still hidden (a hand in progress): checked at its end.")
    ] = 0
    secrets_wrong: Annotated[
        list[str], Meta(description='Revealed secrets that do not match ("version: path").')
    ] = msgspec.field(default_factory=list)
    how: Annotated[str, Meta(description="How to check it all yourself.")] = VERIFY_YOURSELF


async def commitments_checked(store: EventStore, record: MatchRecord) -> tuple[int, Checked]:
    """How many events the game has, and every secret they reveal to anyone checked
    against its commitment (the secrets of a hand in progress are counted hidden)."""
    stored = await store.read_stream(stream_of(record.match_id))
    shown = [event_out(e, sight(record, e, frozenset())) for e in stored]
    return len(stored), check_shown([(e.version, e.data, e.salts or {}) for e in shown])


async def verify_match(state: State, match_id: str) -> Verification:
    """As `GET /v1/matches/{id}/verify` answers it."""
    matches: Matches = state.matches
    store: EventStore = state.store
    bad = await store.verify_stream(stream_of(match_id))
    record = await matches.latest(match_id)
    version, checked = await commitments_checked(store, record)
    return Verification(
        match_id=record.match_id,
        version=version,
        valid=bad is None and not checked.wrong,
        first_bad_version=bad,
        secrets_matched=checked.matched,
        secrets_hidden=checked.hidden,
        secrets_wrong=list(checked.wrong),
    )
