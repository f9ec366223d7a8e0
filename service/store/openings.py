"""The openings of an event's texts (service.store.texts), written beside it: the
`openings` table of migration 0015, which an erasure deletes from."""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg
import msgspec
from asyncpg.pool import PoolConnectionProxy

from service.store.errors import Refused


class Opening(msgspec.Struct, frozen=True):
    """A text of an event kept apart from its hash (service.store.texts): the `openings`
    table's row, but for its stream, which the append names."""

    commitment: str
    path: str
    owner: str
    salt: str
    value: str  # JSON text


ERASED = "LG001"
"""The SQLSTATE of an opening refused because its owner is erased (migration 0015)."""


async def insert_openings(
    connection: asyncpg.Connection | PoolConnectionProxy,
    written: Sequence[tuple[str, Sequence[Opening]]],
) -> None:
    """The openings of the events just appended to each stream, in the same transaction."""
    rows = [
        (
            opening.commitment,
            stream,
            opening.path,
            stream.removeprefix("player-") if stream.startswith("player-") else opening.owner,
            opening.salt,
            opening.value,
        )
        for stream, openings in written
        for opening in openings
    ]
    if rows:
        await connection.execute(
            "INSERT INTO openings (commitment, stream_id, path, owner, salt, value)"
            " SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],"
            " $6::jsonb[])",
            *[list(column) for column in zip(*rows, strict=True)],
        )


def refusal(error: BaseException) -> BaseException:
    if getattr(error, "sqlstate", None) == ERASED:
        return Refused("player-erased", "this player's data was erased: nothing more is kept")
    return error
