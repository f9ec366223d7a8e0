"""`directory`: players' and competitions' names, for the rankings and statistics to show."""

from __future__ import annotations

import logging
import unicodedata

import msgspec

from domain.competitions import REGISTRY_DECODER, CompetitionCreated, PlayerRegistered
from projections.base import Connection, StoredEvent

log = logging.getLogger("domino.projections")


def search_key(name: str) -> str:
    """A name as searched: accents stripped, case folded ("Tião" and "TIAO" -> "tiao")."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


class Directory:
    tables: tuple[str, ...] = ("proj_players", "proj_competitions")
    event_types: tuple[str, ...] = ("player_registered", "competition_created")

    def __init__(self, suffix: str = "") -> None:
        self.suffix = suffix
        self.name = f"directory{suffix}"
        self._players = f"proj_players{suffix}"
        self._competitions = f"proj_competitions{suffix}"

    def writing_to(self, suffix: str) -> Directory:
        return Directory(suffix)

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        players: list[tuple[object, ...]] = []
        competitions: list[tuple[object, ...]] = []
        for stored in events:
            try:
                event = REGISTRY_DECODER.decode(stored.data)
            except msgspec.DecodeError:
                log.warning("directory: event %s does not decode: skipped", stored.position)
                continue
            _, _, key = stored.stream_id.partition("-")
            if isinstance(event, PlayerRegistered):
                players.append((key, event.name, search_key(event.name), event.at))
            elif isinstance(event, CompetitionCreated):
                competitions.append((key, event.name, event.kind, event.rules.preset, event.at))
        if players:
            await connection.execute(
                f"INSERT INTO {self._players} (player_id, name, search_name, registered_at)"
                " SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])"
                " ON CONFLICT (player_id) DO NOTHING",
                *_columns(players),
            )
        if competitions:
            await connection.execute(
                f"INSERT INTO {self._competitions} (competition_id, name, kind, preset, created_at)"
                " SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[],"
                " $5::timestamptz[]) ON CONFLICT (competition_id) DO NOTHING",
                *_columns(competitions),
            )


def _columns(rows: list[tuple[object, ...]]) -> list[list[object]]:
    return [list(column) for column in zip(*rows, strict=True)]
