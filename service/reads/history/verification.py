"""A game's hash chain checked, and every secret its events reveal checked against the
commitment published when it was recorded."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.datastructures import State
from msgspec import Meta

from service.reads.history.events import EventOut, event_out
from service.reads.history.sight import sight
from service.store.event_store import EventStore
from service.store.matches import Matches, MatchRecord, stream_of
from service.store.secrets import Checked, check_shown, commitment

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
    texts_matched: Annotated[
        int,
        Meta(
            description="Names and free texts (place, notes, notes of penalties) shown that "
            "match the commitment their event published."
        ),
    ] = 0
    texts_erased: Annotated[
        list[str],
        Meta(
            description="Texts whose opening was erased with its owner's data (\"version: "
            'path"): the chain still covers their commitment, nothing else is kept.'
        ),
    ] = msgspec.field(default_factory=list)
    texts_wrong: Annotated[
        list[str], Meta(description='Texts shown that do not match ("version: path").')
    ] = msgspec.field(default_factory=list)
    reanchored: Annotated[
        list[int],
        Meta(
            description="Versions rewritten once, when texts recorded in clear were "
            'committed (migration 0015, docs/reliability.md "Names in the log"); the old '
            "and new link of each are kept in the table `reanchorings`."
        ),
    ] = msgspec.field(default_factory=list)
    how: Annotated[str, Meta(description="How to check it all yourself.")] = VERIFY_YOURSELF


class TextsChecked(msgspec.Struct, frozen=True):
    matched: int = 0
    erased: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()


def check_texts(shown: list[EventOut]) -> TextsChecked:
    """Each text shown checked against its commitment; erased ones listed."""
    matched, erased, wrong = 0, [], []
    for event in shown:
        salts = event.text_salts or {}
        for path, published in event.data.get("texts", {}).items():
            if path not in salts:
                continue  # a player's earlier name: hidden
            salt = salts[path]
            if salt is None:
                erased.append(f"{event.version}: {path}")
            elif commitment(bytes.fromhex(salt), event.data[path]) == published:
                matched += 1
            else:
                wrong.append(f"{event.version}: {path}")
    return TextsChecked(matched, tuple(erased), tuple(wrong))


async def commitments_checked(
    store: EventStore, record: MatchRecord
) -> tuple[int, Checked, TextsChecked]:
    """How many events the game has, and every secret they reveal to anyone checked
    against its commitment (the secrets of a hand in progress are counted hidden), and its
    texts."""
    stored = await store.read_stream(stream_of(record.match_id))
    shown = [event_out(e, sight(record, e, frozenset())) for e in stored]
    checked = check_shown([(e.version, e.data, e.salts or {}) for e in shown])
    return len(stored), checked, check_texts(shown)


async def verify_match(state: State, match_id: str) -> Verification:
    """As `GET /v1/matches/{id}/verify` answers it."""
    matches: Matches = state.matches
    store: EventStore = state.store
    record = await matches.latest(match_id)  # its id as stored, whatever spelling was asked
    bad = await store.verify_stream(stream_of(record.match_id))
    version, checked, texts = await commitments_checked(store, record)
    reanchored = await store.pool.fetch(
        "SELECT DISTINCT version FROM reanchorings WHERE stream_id = $1 AND rewritten ORDER BY 1",
        stream_of(record.match_id),
    )
    return Verification(
        match_id=record.match_id,
        version=version,
        valid=bad is None and not checked.wrong and not texts.wrong,
        first_bad_version=bad,
        secrets_matched=checked.matched,
        secrets_hidden=checked.hidden,
        secrets_wrong=list(checked.wrong),
        texts_matched=texts.matched,
        texts_erased=list(texts.erased),
        texts_wrong=list(texts.wrong),
        reanchored=[row[0] for row in reanchored],
    )
