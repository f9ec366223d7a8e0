"""`domino export` and `domino import`, for operators: the NDJSON export of finished games
and the import of súmulas, through the service's own endpoints (`/v1/exports/games`,
`/v1/imports/games`), run in this process on the database as an administrator, with a
progress bar. Same lines, same checks, same answers as over HTTP."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager
from typing import IO, Any

import httpx
import msgspec
from tqdm import tqdm  # type: ignore[import-untyped]

from service.http.exports.imports import MAX_IMPORT_BYTES, MAX_LINES
from service.settings import Settings

CHUNK_LINES = min(MAX_LINES, 500)
"""Lines a request carries: the progress bar moves at each answer."""


@dataclasses.dataclass(frozen=True)
class ImportTotals:
    imported: int
    failed: int
    errors: list[tuple[int, str]]
    """(line number, what refused it)."""


@asynccontextmanager
async def _as_administrator(settings: Settings, app_dsn: str) -> AsyncIterator[httpx.AsyncClient]:
    """The service in this process, and a client that writes as its administrator."""
    from service.app import create_app

    token = secrets.token_urlsafe(24)
    quiet = msgspec.structs.replace(settings, bootstrap_token=token, **_no_limits())
    app = create_app(quiet, app_dsn, run_projections=False)
    async with app.lifespan():
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://domino.local", headers=headers, timeout=None
        ) as client:
            yield client


def _no_limits() -> dict[str, Any]:
    """An operator's transfer is not a client's traffic: no rate limit applies to it."""
    return {f.name: None for f in msgspec.structs.fields(Settings) if f.name.startswith("rate_")}


async def export_games(
    settings: Settings, app_dsn: str, filters: dict[str, str], out: IO[bytes]
) -> int:
    """Every game the filters pick, one súmula a line, into `out`; how many."""
    count = 0
    async with (
        _as_administrator(settings, app_dsn) as client,
        client.stream("GET", "/v1/exports/games", params=filters) as answer,
    ):
        if answer.status_code != 200:
            raise TransferError(f"export refused: {(await answer.aread()).decode()}")
        with tqdm(desc="exporting", unit=" games", disable=None) as bar:
            async for line in answer.aiter_lines():
                if line.strip():
                    out.write(line.encode() + b"\n")
                    count += 1
                    bar.update(1)
    return count


async def import_games(settings: Settings, app_dsn: str, lines: Iterable[bytes]) -> ImportTotals:
    """Each line written as `/v1/imports/games` writes it; the totals and each refusal."""
    given = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    imported, errors = 0, []
    async with _as_administrator(settings, app_dsn) as client:
        with tqdm(total=len(given), desc="importing", unit=" lines", disable=None) as bar:
            for chunk in _chunks(given):
                answer = await client.post(
                    "/v1/imports/games",
                    content=b"\n".join(line for _, line in chunk),
                    headers={"Content-Type": "application/x-ndjson"},
                )
                if answer.status_code != 200:
                    raise TransferError(f"import refused at line {chunk[0][0]}: {answer.text}")
                for result in msgspec.json.decode(answer.content)["results"]:
                    number = chunk[result["line"] - 1][0]
                    if "error" in result:
                        errors.append((number, _said(result["error"])))
                    else:
                        imported += 1
                bar.update(len(chunk))
    return ImportTotals(imported, len(errors), errors)


def _chunks(lines: list[tuple[int, bytes]]) -> Iterator[list[tuple[int, bytes]]]:
    """The numbered lines in requests of at most `CHUNK_LINES` and the import's size."""
    chunk: list[tuple[int, bytes]] = []
    size = 0
    for number, line in lines:
        if chunk and (len(chunk) == CHUNK_LINES or size + len(line) + 1 > MAX_IMPORT_BYTES):
            yield chunk
            chunk, size = [], 0
        chunk.append((number, line))
        size += len(line) + 1
    if chunk:
        yield chunk


def _said(problem: dict[str, Any]) -> str:
    return f"{problem.get('code', 'error')}: {problem.get('detail', '')}"


class TransferError(Exception):
    """The service refused the transfer as a whole."""
