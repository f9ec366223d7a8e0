"""`domino export` and `domino import` for operators (issue 31): the same lines as the API's
export, imported into an empty service through the same checks, line by line."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import httpx
import msgspec

from service.settings import Settings
from service.transfer import CHUNK_LINES, import_games
from service.transfer import export_games as exported_by_the_operator
from tests.api.conftest import Table, seat_a_table, serve
from tests.api.test_exports import _export
from tests.api.test_ratings import confirm, finished_game
from tests.conftest import Database
from tests.projections.test_http import settled

DOMINO = str(Path(sys.executable).parent / "domino")


async def test_an_operators_export_is_the_apis_and_imports_into_an_empty_service(
    client: httpx.AsyncClient,
    table: Table,
    database: Database,
    second_database: Database,
    tmp_path: Path,
) -> None:
    for seat, preset in ((0, "pontos"), (1, "sueca")):
        game = await finished_game(client, table, winner_seat=seat, preset=preset)
        await confirm(client, game, table)
    await settled(client)
    by_api = await _export(client)
    out = io.BytesIO()

    count = await exported_by_the_operator(Settings(), database.app_dsn, {}, out)

    lines = [msgspec.json.decode(line) for line in out.getvalue().splitlines()]
    assert count == len(lines) == len(by_api) == 2
    assert [line["id"] for line in lines] == [line["id"] for line in by_api]
    async with serve(second_database) as other:
        theirs = await seat_a_table(other)
        mapping = {p.id: q.id for p, q in zip(table.players, theirs.players, strict=True)}
        seated = [
            msgspec.json.encode({**ln, "seats": [mapping[s] for s in ln["seats"]]}) for ln in lines
        ]
        keyed = Settings(fingerprint_key_file=tmp_path / "fingerprint.key")  # as `domino import`
        first = await import_games(keyed, second_database.app_dsn, [*seated, b"", b"{}"])
        again = await import_games(keyed, second_database.app_dsn, seated)
        await settled(other)
        written = await _export(other)
    assert (first.imported, first.failed) == (2, 1)
    assert first.errors[0][0] == 4  # the file's own line number: the blank line counts
    assert (again.imported, again.failed) == (2, 0)  # the same lines: the same games, no more
    assert [w["score"] for w in written] == [line["score"] for line in lines]


def test_a_large_file_goes_in_requests_the_import_takes() -> None:
    from service.transfer import _chunks

    lines = [(n, b"x" * 10) for n in range(1, 2 * CHUNK_LINES + 2)]
    chunks = list(_chunks(lines))
    assert [len(c) for c in chunks] == [CHUNK_LINES, CHUNK_LINES, 1]
    assert [n for c in chunks for n, _ in c] == [n for n, _ in lines]


def test_an_unknown_projection_or_command_answers_with_what_exists() -> None:
    rebuild = subprocess.run(
        [DOMINO, "projections", "rebuild", "nosuch"], capture_output=True, text=True, check=False
    )
    unknown = subprocess.run([DOMINO, "nosuch"], capture_output=True, text=True, check=False)

    assert rebuild.returncode == unknown.returncode == 2
    assert "no projection named nosuch: the projections are directory, stats" in rebuild.stderr
    assert "usage: domino projections rebuild" in rebuild.stderr
    assert "'export'" in unknown.stderr
    assert "'import'" in unknown.stderr
