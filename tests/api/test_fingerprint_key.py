"""The key that seals requests' fingerprints (L9, service/store/fingerprint_key.py): made
once beside the data, readable by its owner alone, the same for every worker that starts
with it, and kept across restarts, so that a retry after a restart still replays."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from service.settings import Settings
from service.store.fingerprint_key import KEY_BYTES, load_or_create
from tests.api.conftest import ADMIN, ADMIN_TOKEN, serve
from tests.api.play import assert_problem
from tests.conftest import Database
from tests.projections.test_http import settled


def test_the_key_is_made_once_for_its_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "data" / "fingerprint.key"
    key = load_or_create(path)
    assert len(key) == KEY_BYTES
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create(path) == key
    assert path.read_text().strip() == key.hex()
    assert [p.name for p in path.parent.iterdir()] == ["fingerprint.key"], "nothing aside left"


def test_workers_starting_together_agree_on_one_key(tmp_path: Path) -> None:
    """Eight at once, a hundred times over: one that found no file, then found it there
    (another's link) before it could say so, took it for a damaged file (17 of 300)."""
    for round_ in range(100):
        path = tmp_path / f"{round_}" / "fingerprint.key"
        start = threading.Barrier(8)
        keys: list[bytes] = []
        errors: list[Exception] = []

        def worker(
            path: Path, start: threading.Barrier, keys: list[bytes], errors: list[Exception]
        ) -> None:
            start.wait()
            try:
                keys.append(load_or_create(path))
            except Exception as error:
                errors.append(error)

        threads = [
            threading.Thread(target=worker, args=(path, start, keys, errors)) for _ in range(8)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert set(keys) == {bytes.fromhex(path.read_text())}
        assert len(keys) == 8


@pytest.mark.parametrize("text", ["", "not hex", "ab" * (KEY_BYTES - 1), "ab" * (KEY_BYTES + 1)])
def test_a_damaged_key_file_is_refused_by_name(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fingerprint.key"
    path.write_text(text)
    path.chmod(0o600)
    with pytest.raises(ValueError, match="hexadecimal digits"):
        load_or_create(path)
    assert path.read_text() == text, "a damaged key is never replaced: retries would fail"


def test_a_key_file_others_may_read_or_reach_through_a_link_is_refused(tmp_path: Path) -> None:
    """A symbolic link planted at the path could point at a key others know; a key others
    can read is one they can use to test guesses: both are refused, by name; a link with
    nothing behind it is not mistaken for a missing key (nothing is made through it), and a
    FIFO is refused at once (a start would wait on it for good)."""
    known = tmp_path / "known.key"
    known.write_text("ab" * KEY_BYTES)
    known.chmod(0o600)
    linked = tmp_path / "linked.key"
    linked.symlink_to(known)
    dangling = tmp_path / "dangling.key"
    dangling.symlink_to(tmp_path / "nowhere" / "key")
    readable = tmp_path / "readable.key"
    readable.write_text("ab" * KEY_BYTES)
    readable.chmod(0o640)
    fifo = tmp_path / "fifo.key"
    os.mkfifo(fifo, 0o600)
    for path in (linked, dangling, readable, fifo):
        with pytest.raises(ValueError, match="DOMINO_FINGERPRINT_KEY_FILE"):
            load_or_create(path)
    assert not (tmp_path / "nowhere").exists()
    assert load_or_create(known) == bytes.fromhex("ab" * KEY_BYTES)


def test_the_key_file_is_beside_the_data_unless_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DOMINO_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("DOMINO_FINGERPRINT_KEY_FILE", raising=False)
    assert Settings.from_environment().fingerprint_key_file == tmp_path / "fingerprint.key"
    monkeypatch.setenv("DOMINO_FINGERPRINT_KEY_FILE", str(tmp_path / "elsewhere.key"))
    assert Settings.from_environment().fingerprint_key_file == tmp_path / "elsewhere.key"


async def test_a_retry_after_a_restart_replays_with_the_same_key_file(
    database: Database, tmp_path: Path
) -> None:
    """A registration's answer lost, the service restarted: the retry answers the same player.
    Started with another key (a lost key file), the retry is refused, never recorded twice."""
    kept = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=4, fingerprint_key_file=tmp_path / "k")
    headers = {**ADMIN, "Idempotency-Key": "cadastro-reinicio"}
    async with serve(database, kept) as client:
        first = await client.post("/v1/players", json={"name": "Dona Cida"}, headers=headers)
    assert first.status_code == 201, first.text
    async with serve(database, kept) as client:
        again = await client.post("/v1/players", json={"name": "Dona Cida"}, headers=headers)
    assert again.status_code in (200, 201), again.text
    assert again.json()["id"] == first.json()["id"]
    lost = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=4, fingerprint_key_file=tmp_path / "new")
    async with serve(database, lost) as client:
        refused = await client.post("/v1/players", json={"name": "Dona Cida"}, headers=headers)
        assert_problem(refused, 422, "idempotency-key-reused")
        await settled(client)
        found = (await client.get("/v1/players", params={"name": "Dona Cida"})).json()
    assert [p["id"] for p in found["players"]] == [first.json()["id"]]
