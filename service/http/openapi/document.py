"""The committed OpenAPI document: `python -m service.http.openapi.document` rewrites openapi/.

A test fails when the committed file differs from what the app generates.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from service.settings import Settings

DOCUMENT = Path(__file__).resolve().parents[3] / "openapi" / "openapi.json"


def generate() -> dict[str, Any]:
    # The app is built with this package's patches of the document: it is imported where
    # the document is generated, so that the package never imports the app it is part of.
    from service.app import create_app

    app = create_app(Settings(), "postgresql://unused@127.0.0.1/unused")
    return app.openapi_schema.to_schema()


def render() -> str:
    return json.dumps(generate(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    DOCUMENT.parent.mkdir(exist_ok=True)
    DOCUMENT.write_text(render())
    print(f"wrote {DOCUMENT}", file=sys.stderr)


if __name__ == "__main__":
    main()
