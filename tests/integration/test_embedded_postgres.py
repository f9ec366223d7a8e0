"""The embedded PostgreSQL: starts, stops cleanly, keeps its data, says what blocks it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from service.embedded import EmbeddedPostgres, EmbeddedPostgresError


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder the server's OS user can reach (pytest's tmp_path is private to root)."""
    with tempfile.TemporaryDirectory(prefix="domino-embedded-") as name:
        Path(name).chmod(0o755)
        yield Path(name)


async def test_a_second_start_reuses_the_data_of_the_first(folder: Path) -> None:
    server = EmbeddedPostgres(folder / "data", port=54410).start()
    try:
        connection = await asyncpg.connect(server.dsn())
        await connection.execute("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)")
        await connection.close()
    finally:
        server.stop()
    assert not (server.pgdata / "postmaster.pid").exists()

    again = EmbeddedPostgres(folder / "data", port=54410).start()
    try:
        connection = await asyncpg.connect(again.dsn())
        assert await connection.fetchval("SELECT n FROM kept") == 7
        await connection.close()
    finally:
        again.stop()


async def test_it_refuses_connections_without_the_generated_password(folder: Path) -> None:
    server = EmbeddedPostgres(folder / "data", port=54411).start()
    try:
        with pytest.raises(asyncpg.InvalidPasswordError):
            await asyncpg.connect(server.dsn().replace(server.password, "wrong"))
    finally:
        server.stop()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs PostgreSQL as another user")
def test_as_root_a_private_folder_above_the_data_is_named(tmp_path: Path) -> None:
    private = tmp_path / "private"
    private.mkdir(mode=0o700)

    with pytest.raises(EmbeddedPostgresError, match=str(private)):
        EmbeddedPostgres(private / "data").start()
