"""The embedded PostgreSQL: starts, stops cleanly, keeps its data, says what blocks it."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest

from service.store.embedded import EmbeddedPostgres, EmbeddedPostgresError


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


@pytest.mark.parametrize(
    ("stop", "options"),
    [
        (signal.SIGINT, ()),
        (signal.SIGTERM, ()),
        (signal.SIGTERM, ("--workers", "2")),
    ],
    ids=["ctrl-c", "sigterm", "sigterm-two-workers"],
)
def test_domino_serve_stops_its_embedded_postgresql_on_ctrl_c_and_sigterm(
    folder: Path, stop: signal.Signals, options: tuple[str, ...]
) -> None:
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    serving = subprocess.Popen(
        [sys.executable, "-m", "service", "serve", "--port", str(port), *options],
        env={**environment, "DOMINO_DATA_DIR": str(folder / "data")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        answered = until_healthy(f"http://127.0.0.1:{port}/health", serving)
        assert (folder / "data" / "pg" / "postmaster.pid").exists()

        serving.send_signal(stop)
        _, errors = serving.communicate(timeout=30)
    finally:
        if serving.poll() is None:
            serving.kill()

    assert answered == 200
    assert serving.returncode == 0, errors.decode()[-2000:]
    assert not (folder / "data" / "pg" / "postmaster.pid").exists(), errors.decode()[-2000:]
    assert b"embedded PostgreSQL stopped" in errors
    assert b"Traceback" not in errors, errors.decode()[-2000:]
    assert_one_log_format(errors.decode())


LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (INFO|WARNING|ERROR) [\w.]+: ")


def assert_one_log_format(log: str) -> None:
    """Every process (the command, uvicorn, Litestar, each worker) logs in one format; a line
    that does not start with a record's head only continues the one before."""
    lines = log.splitlines()
    records = [line for line in lines if LOG_RECORD.match(line)]
    names = {line.split(" ")[3].rstrip(":") for line in records}
    assert {"domino", "domino.projections", "uvicorn.error"} <= names, log[-2000:]
    foreign = [line for line in lines if re.match(r"^(INFO|WARNING|ERROR)\b", line)]
    assert foreign == [], "lines in another format"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def until_healthy(url: str, serving: subprocess.Popen[bytes]) -> int:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert serving.poll() is None, "the service exited while starting"
        try:
            return httpx.get(url, timeout=1).status_code
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError("the service did not answer in 60 s")
