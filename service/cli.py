"""`domino`: the command-line entry point."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from service.database import migrate, prepare
from service.embedded import EmbeddedPostgres
from service.settings import Settings

log = logging.getLogger("domino")


@contextmanager
def owner_database(settings: Settings) -> Iterator[str]:
    """The schema owner's DSN: DATABASE_URL, or an embedded server started (and stopped) here."""
    if settings.database_url:
        yield settings.database_url
        return
    server = EmbeddedPostgres(settings.data_dir).start()
    log.info("embedded PostgreSQL on 127.0.0.1:%s, data in %s", server.port, server.pgdata)
    try:
        yield server.dsn()
    finally:
        server.stop()
        log.info("embedded PostgreSQL stopped")


def serve(
    settings: Settings, host: str, port: int, access_log: bool = False, workers: int = 1
) -> None:
    """One process, or `workers` processes on one port: each has its own pool and caches
    (kept honest by the store's version check and the token revocation broadcast), and the
    projections' leases let one of them fold each projection."""
    import uvicorn

    from service.app import APP_DSN_VARIABLE, create_app

    with owner_database(settings) as owner_dsn:
        app_dsn = prepare(owner_dsn, settings.data_dir, settings.app_password)
        options: dict[str, Any] = {
            "host": host, "port": port, "log_level": "info", "access_log": access_log
        }
        if workers == 1:
            uvicorn.run(create_app(settings, app_dsn), **options)
        else:
            os.environ[APP_DSN_VARIABLE] = app_dsn  # the workers' environment, not a file
            uvicorn.run("service.app:app_from_environment", factory=True, workers=workers,
                        **options)


def rebuild_projections(settings: Settings, names: list[str]) -> None:
    """Rebuild from the first event into shadow tables, then swap (projections/rebuild.py)."""
    import asyncio

    import asyncpg

    from projections import all_projections, projection_named
    from projections.rebuild import RebuildRunning, rebuild

    chosen = [projection_named(n) for n in names] if names else all_projections()

    async def run(owner_dsn: str) -> None:
        connection = await asyncpg.connect(owner_dsn)
        try:
            for projection in chosen:
                position = await rebuild(connection, projection)
                log.info("projection %s rebuilt up to event %s", projection.name, position)
        finally:
            await connection.close()

    with owner_database(settings) as owner_dsn:
        migrate(owner_dsn)
        try:
            asyncio.run(run(owner_dsn))
        except RebuildRunning as error:
            log.error("%s: try again when it is done", error)
            sys.exit(1)


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {number}")
    return number


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="domino", description="Dominoes match records")
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="run the HTTP API")
    serve_parser.add_argument("--host", default="127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--access-log", action="store_true", help="log every request")
    serve_parser.add_argument(
        "--workers", type=_positive, default=1, help="processes serving the port (default 1)"
    )
    commands.add_parser("migrate", help="bring the schema to the newest revision")
    projections_parser = commands.add_parser("projections", help="manage the read models")
    projection_commands = projections_parser.add_subparsers(dest="action", required=True)
    rebuild_parser = projection_commands.add_parser(
        "rebuild", help="rebuild read models from the first event (the service keeps serving)"
    )
    rebuild_parser.add_argument("names", nargs="*", metavar="NAME", help="default: all")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    settings = Settings.from_environment()
    if args.command == "serve":
        serve(settings, args.host, args.port, args.access_log, args.workers)
    elif args.command == "migrate":
        with owner_database(settings) as owner_dsn:
            migrate(owner_dsn)
    elif args.command == "projections":
        from projections import projection_named

        try:
            [projection_named(name) for name in args.names]
        except LookupError as error:
            parser.error(str(error))
        rebuild_projections(settings, args.names)
    else:  # pragma: no cover - argparse refuses unknown commands
        sys.exit(2)
