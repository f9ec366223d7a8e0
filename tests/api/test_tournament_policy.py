"""The torneio policy acts exactly once per confirmed game: when its batch dies between the
game's confirmation and its own write, with two instances serving and folding, after the
projections are rebuilt, and when a batch is folded again."""

from __future__ import annotations

import asyncio
from collections import Counter

import asyncpg
import pytest

from domain import Match
from projections import all_projections
from projections.base import Connection, StoredEvent
from projections.batches import catch_up, ensure_checkpoint, step
from projections.rebuild import rebuild
from service import policies
from service.policies import TournamentPolicy
from service.settings import Settings
from tests.api.conftest import ADMIN_TOKEN, register, seat_a_table, serve
from tests.api.test_confirmation import confirmed_game
from tests.api.test_tournaments import decided, fixtures, play_fixture, torneio
from tests.conftest import Database

ALONE = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5)
"""An app that folds nothing by itself: the tests step the policy on connections of their own."""


async def decisions(database: Database, competition: str) -> Counter[str]:
    """How many times each fixture was decided, from the torneio's own stream."""
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        rows = await connection.fetch(
            "SELECT data->>'fixture_id' FROM events WHERE stream_id = $1"
            " AND event_type = 'fixture_decided'",
            f"competition-{competition}",
        )
    finally:
        await connection.close()
    return Counter(row[0] for row in rows)


class DiesAfterWriting(TournamentPolicy):
    """The policy, killed after its append and before its batch commits."""

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        await super().apply(connection, events)
        raise ConnectionError("the service died here")


async def test_a_batch_that_dies_after_writing_leaves_nothing_and_the_next_acts_once(
    database: Database,
) -> None:
    async with serve(database, ALONE, run_projections=False) as client:
        organizer = await register(client, "Dona Rosa")
        competition, teams = await torneio(client, organizer, 4, {"stages": [{"kind": "knockout"}]})
        first = (await fixtures(client, competition))[0]
        await play_fixture(client, organizer, competition, first, teams, True)

        connection = await asyncpg.connect(database.app_dsn)
        try:
            await ensure_checkpoint(connection, "tournaments")
            with pytest.raises(ConnectionError):
                await step(connection, DiesAfterWriting(), 5000)
            assert await decisions(database, competition) == Counter()
            await catch_up(connection, TournamentPolicy())
            await catch_up(connection, TournamentPolicy())  # nothing left: nothing more
        finally:
            await connection.close()

        assert await decisions(database, competition) == Counter({first["id"]: 1})
        after = next(f for f in await fixtures(client, competition) if f["id"] == first["id"])
        assert after["status"] == "decided"


async def test_two_instances_decide_each_fixture_once(database: Database) -> None:
    async with serve(database) as one, serve(database) as other:
        organizer = await register(one, "Seu Jorge")
        competition, teams = await torneio(one, organizer, 8, {"stages": [{"kind": "knockout"}]})
        first_round = await fixtures(one, competition)
        await asyncio.gather(
            *(
                play_fixture(client, organizer, competition, fixture, teams, n % 2 == 0)
                for n, (client, fixture) in enumerate(
                    zip([one, other] * 2, first_round, strict=True)
                )
            )
        )
        for fixture in first_round:
            await decided(other, competition, fixture["id"])
        semis = [f for f in await fixtures(one, competition) if f["id"].startswith("1.2.")]

        assert await decisions(database, competition) == Counter(f["id"] for f in first_round)
        assert len(semis) == 2  # the next round scheduled once


async def test_a_rebuild_or_a_batch_folded_again_adds_nothing(database: Database) -> None:
    async with serve(database) as client:
        organizer = await register(client, "Dona Zica")
        competition, teams = await torneio(client, organizer, 4, {"stages": [{"kind": "knockout"}]})
        first = (await fixtures(client, competition))[0]
        await play_fixture(client, organizer, competition, first, teams, False)
        await decided(client, competition, first["id"])
        before = await fixtures(client, competition)

        owner = await asyncpg.connect(database.owner_dsn)
        try:
            for projection in all_projections():
                await rebuild(owner, projection, progress=False)
            # The policy's checkpoint set back, as if its batch were folded again.
            await owner.execute(
                "UPDATE projection_checkpoints SET position = 0 WHERE name = 'tournaments'"
            )
        finally:
            await owner.close()
        app_connection = await asyncpg.connect(database.app_dsn)
        try:
            await catch_up(app_connection, TournamentPolicy())
        finally:
            await app_connection.close()

        assert await decisions(database, competition) == Counter({first["id"]: 1})
        assert await fixtures(client, competition) == before


async def test_the_policy_replays_only_the_games_of_a_fixture(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A confirmation, a consent or a cancellation of a game outside any torneio reads none
    of its history: the policy used to fold each such game whole, event by event, in the
    serving process, and found no fixture at the end."""
    replayed: list[str] = []
    replay = policies._match

    async def recorded(connection: Connection, stream_id: str) -> Match:
        replayed.append(stream_id)
        return await replay(connection, stream_id)

    monkeypatch.setattr(policies, "_match", recorded)
    async with serve(database, ALONE, run_projections=False) as client:
        organizer = await register(client, "Dona Lurdes")
        competition, teams = await torneio(client, organizer, 4, {"stages": [{"kind": "knockout"}]})
        first = (await fixtures(client, competition))[0]
        in_fixture = await play_fixture(client, organizer, competition, first, teams, True)
        friendly = await confirmed_game(client, await seat_a_table(client))
        connection = await asyncpg.connect(database.app_dsn)
        try:
            await ensure_checkpoint(connection, "tournaments")
            await catch_up(connection, TournamentPolicy())
        finally:
            await connection.close()

        assert await decisions(database, competition) == Counter({first["id"]: 1})
        assert set(replayed) == {f"match-{in_fixture}"}
        assert f"match-{friendly.id}" not in replayed
