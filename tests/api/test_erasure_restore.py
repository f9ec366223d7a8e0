"""A backup taken before an erasure, restored (issue 33, part 6): the service replays its
erasure list when it starts, so the name is gone before it answers anyone."""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path

import asyncpg

from service.settings import Settings
from service.store.database import APP_ROLE, database_dsn, with_credentials
from tests.api.conftest import ADMIN_TOKEN, register, serve
from tests.api.erasure_reads import PG_BIN, pg_dump
from tests.conftest import APP_PASSWORD, Database

NAME = "Zequinha Restaurado"


def pg(tool: str, *arguments: str) -> None:
    subprocess.run(
        [str(PG_BIN / tool), *arguments],
        check=True,
        capture_output=True,
        env={**os.environ, "LC_ALL": "C"},
    )


async def test_a_restored_backup_is_erased_again_when_the_service_starts(
    database: Database, admin_dsn: str, tmp_path: Path
) -> None:
    erasures = tmp_path / "erasures.ndjson"
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5, erasure_list=erasures)
    backup = tmp_path / "before.dump"
    async with serve(database, settings) as client:
        zé = await register(client, NAME)
        kept = await register(client, "Ana Mantida")
        pg("pg_dump", "--format=custom", "--file", str(backup), "--dbname", database.owner_dsn)
        erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
        assert erased.status_code == 200, erased.text
    assert zé.id in erasures.read_text()
    assert NAME not in erasures.read_text()

    name = f"restored_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(admin_dsn)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        owner = database_dsn(admin_dsn, name)
        pg("pg_restore", "--no-owner", "--dbname", owner, str(backup))
        restored = Database(name, owner, with_credentials(owner, APP_ROLE, APP_PASSWORD))
        assert NAME in pg_dump(owner)  # the backup holds the name

        async with serve(restored, settings) as client:
            shown = (await client.get(f"/v1/players/{zé.id}")).json()["name"]
            feed = (await client.get("/v1/events", params={"after": 0})).text
            listed = (await client.get("/v1/players")).text
            other = (await client.get(f"/v1/players/{kept.id}")).json()["name"]
        assert shown == f"Jogador {zé.id[:4]}"
        assert NAME not in feed
        assert NAME not in listed
        assert other == "Ana Mantida"
        assert NAME not in pg_dump(owner)
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()
