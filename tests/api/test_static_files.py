"""Static files (`/estatico`, the pages'; `/docs/assets`, Swagger UI's): a path that names no
file, however malformed, is a 404 like any unknown path, and logs nothing."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest

STATIC = ["/estatico", "/docs/assets"]
MALFORMED = {
    "a name of 256 characters": "/" + "a" * 256,
    "a path of 5,000 characters": "/a" * 2500,
    "the NUL character": "/%00",
    "NUL inside a name": "/paginas%00.css",
    "a file taken for a folder": "/{file}/x",
    "dot-dot, encoded": "/%2e%2e/%2e%2e/settings.py",
    "dot-dot and a slash, encoded": "/..%2f..%2fsettings.py",
    "an absolute path, encoded": "/%2fetc%2fpasswd",
}
FILES = {"/estatico": "paginas.css", "/docs/assets": "swagger-ui.css"}


@pytest.mark.parametrize("prefix", STATIC)
@pytest.mark.parametrize("case", list(MALFORMED))
async def test_a_malformed_static_path_is_a_404_and_logs_nothing(
    client: httpx.AsyncClient, caplog: pytest.LogCaptureFixture, prefix: str, case: str
) -> None:
    path = prefix + MALFORMED[case].format(file=FILES[prefix])
    caplog.set_level(logging.INFO)

    response = await client.get(path)

    assert response.status_code == 404, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == "not-found"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


@pytest.mark.parametrize("prefix", STATIC)
async def test_dot_dot_in_the_raw_path_reaches_no_file_outside(
    client: httpx.AsyncClient, prefix: str
) -> None:
    """As a client that does not normalize its path sends it (`curl --path-as-is`)."""
    app: Any = client._transport.app  # type: ignore[attr-defined]
    for path in (f"{prefix}/../../app.py", f"{prefix}/../../../service/settings.py"):
        status = await _raw_get(app, path)
        assert status == 404, path


@pytest.mark.parametrize("prefix", STATIC)
async def test_a_static_file_is_still_served(client: httpx.AsyncClient, prefix: str) -> None:
    response = await client.get(f"{prefix}/{FILES[prefix]}")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/css")


async def _raw_get(app: Any, path: str) -> int:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "headers": [(b"host", b"t")], "client": ("127.0.0.1", 1),
        "server": ("t", 80), "state": {},
    }  # fmt: skip
    await app(scope, receive, send)
    return int(sent[0]["status"])
