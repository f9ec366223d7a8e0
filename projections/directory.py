"""`directory`: players' and competitions' names, for the rankings and statistics to show."""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Mapping

import msgspec

from domain.competitions import (
    REGISTRY_DECODER,
    CompetitionCreated,
    PlayerErased,
    PlayerRegistered,
    PlayerRenamed,
)
from projections.base import NOT_NARROWED, Connection, StoredEvent

log = logging.getLogger("domino.projections")


def search_key(name: str) -> str:
    """A name as searched: accents stripped, case folded ("Tião" and "TIAO" -> "tiao")."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


class Directory:
    tables: tuple[str, ...] = ("proj_players", "proj_competitions")
    event_types: tuple[str, ...] = (
        "player_registered",
        "competition_created",
        "player_renamed",
        "player_erased",
    )
    narrowed: Mapping[str, str] = NOT_NARROWED

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
        renamed: dict[str, str] = {}
        erased: list[tuple[str, tuple[str, ...]]] = []
        creators: dict[str, str] = {}
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
                creators[key] = event.created_by
            elif isinstance(event, PlayerRenamed):
                renamed[key] = event.name
            elif isinstance(event, PlayerErased):
                erased.append((key, event.competitions))
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

        if renamed:
            await connection.execute(
                f"UPDATE {self._players} p SET name = r.name, search_name = r.search"
                " FROM unnest($1::text[], $2::text[], $3::text[]) AS r(id, name, search)"
                " WHERE p.player_id = r.id",
                list(renamed),
                list(renamed.values()),
                [search_key(name) for name in renamed.values()],
            )
        for player_id, named in erased:
            await self.erased(connection, player_id, named)
        touched = [str(p[0]) for p in players] + list(renamed)
        if touched or creators:
            await self._read_before_an_erasure(connection, touched, creators)

    async def _read_before_an_erasure(
        self, connection: Connection, players: list[str], creators: dict[str, str]
    ) -> None:
        """A name this batch read before an erasure committed, written after it did: the
        pseudonym instead (an erasure that commits later rewrites these rows itself)."""
        pseudonym = "erased_text('player-' || p.player_id, 'name') #>> '{}'"
        await connection.execute(
            f"UPDATE {self._players} p SET name = {pseudonym}, search_name = lower({pseudonym})"
            " WHERE p.player_id = ANY($1::text[])"
            " AND EXISTS (SELECT 1 FROM erasures e WHERE e.player_id = p.player_id)",
            players,
        )
        await connection.execute(
            f"UPDATE {self._competitions} c SET name = erased_text("
            "'competition-' || c.competition_id, 'name') #>> '{}'"
            " FROM unnest($1::text[], $2::text[]) AS t(id, creator)"
            " WHERE c.competition_id = t.id"
            " AND EXISTS (SELECT 1 FROM erasures e WHERE e.player_id = t.creator)",
            list(creators),
            list(creators.values()),
        )

    async def erased(self, connection: Connection, player_id: str, named: tuple[str, ...]) -> None:
        """The name a reader sees now: the openings are gone (migration 0015's
        `erased_text` says the pseudonyms, so a rebuild shows the same)."""
        await connection.execute(
            f"UPDATE {self._players} SET name = erased_text('player-' || player_id, 'name')"
            " #>> '{}', search_name = lower(erased_text('player-' || player_id, 'name') #>> '{}')"
            " WHERE player_id = $1",
            player_id,
        )
        await connection.execute(
            f"UPDATE {self._competitions} SET name = erased_text("
            "'competition-' || competition_id, 'name') #>> '{}'"
            " WHERE competition_id = ANY($1::text[])",
            list(named),
        )


def _columns(rows: list[tuple[object, ...]]) -> list[list[object]]:
    return [list(column) for column in zip(*rows, strict=True)]
