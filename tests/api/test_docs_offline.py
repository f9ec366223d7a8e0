"""/docs works with no internet: Swagger UI's files come from a PyPI package and are served
by the service itself; the page names no other host."""

from __future__ import annotations

import re

import httpx


async def test_the_docs_page_loads_only_files_the_service_serves(
    shared_client: httpx.AsyncClient,
) -> None:
    page = await shared_client.get("/docs/")

    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]
    assert not re.search(r"(src|href)=['\"]?https?://", page.text), "an outside host"
    assets = re.findall(r"(?:src|href)=['\"](/docs/assets/[^'\"]+)['\"]", page.text)
    assert {a.rsplit("/", 1)[1] for a in assets} >= {
        "swagger-ui-bundle.js",
        "swagger-ui.css",
        "swagger-ui-standalone-preset.js",
    }
    for asset in assets:
        served = await shared_client.get(asset)
        assert served.status_code == 200, asset
        assert len(served.content) > 100, asset
    assert "SwaggerUIBundle" in (await shared_client.get("/docs/assets/swagger-ui-bundle.js")).text
    document = await shared_client.get("/docs/openapi.json")
    assert document.json()["info"]["title"]
