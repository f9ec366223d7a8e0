"""`domino`: the command-line entry point."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from service.settings import Settings, configure_logging, log_config
from service.store.database import migrate, prepare
from service.store.embedded import EmbeddedPostgres
from service.store.fingerprint_key import load_or_create
from service.store.fingerprint_seal import FingerprintKeyMismatch
from service.store.supervisor import STATUS_VARIABLE, Supervisor

log = logging.getLogger("domino")


GRACEFUL_SECONDS = 10  # open requests (a live event stream never ends) get this long


@contextmanager
def owner_database(settings: Settings, *, supervise: bool = False) -> Iterator[str]:
    """The schema owner's DSN: DATABASE_URL, or an embedded server started (and stopped) here.
    From the moment the server runs, SIGTERM unwinds like Ctrl-C so that it is stopped
    (not before: a signal must not cut initdb or pg_ctl short). `supervise`: a server that
    dies while the command runs is started again (service/store/supervisor.py)."""
    if settings.database_url:
        signal.signal(signal.SIGTERM, _unwind_on_sigterm)
        yield settings.database_url
        return
    server = EmbeddedPostgres(settings.data_dir).start()
    signal.signal(signal.SIGTERM, _unwind_on_sigterm)
    if not server.started_here:  # another command of this data folder started it, and stops it
        log.info("embedded PostgreSQL already running on 127.0.0.1:%s: using it", server.port)
        yield server.dsn()
        return
    log.info("embedded PostgreSQL on 127.0.0.1:%s, data in %s", server.port, server.pgdata)
    supervisor = None
    if supervise:
        status_file = settings.data_dir.resolve() / "pg-supervisor.json"
        supervisor = Supervisor(server, status_file).start()
        os.environ[STATUS_VARIABLE] = str(status_file)  # for /health, in every worker
    try:
        yield server.dsn()
    finally:
        if supervisor is not None:
            supervisor.stop()
        server.stop()
        log.info("embedded PostgreSQL stopped")


def prepared(owner_dsn: str, settings: Settings) -> str:
    """The database migrated, its fingerprints sealed, and the DSN the service connects with."""
    return prepare(owner_dsn, settings.data_dir, settings.app_password, fingerprint_key(settings))


def fingerprint_key(settings: Settings) -> bytes | None:
    """The key sealing what Idempotency-Keys keep (L9), from its file (made when missing);
    a file that cannot be read, made or trusted stops the command with the reason."""
    path = settings.fingerprint_key_file
    if path is None:
        return None
    try:
        return load_or_create(path)
    except ValueError as error:
        log.error("%s", error)
    except OSError as error:
        log.error("the fingerprint key (DOMINO_FINGERPRINT_KEY_FILE) cannot be made: %s", error)
    raise SystemExit(1)


def _unwind_on_sigterm(signal_number: int, frame: object) -> None:
    """SIGTERM unwinds like Ctrl-C, so that `finally` stops the embedded PostgreSQL: uvicorn
    shuts down on it and raises it again once done, and its default action would end the
    process at once."""
    raise SystemExit(0)


def serve(
    settings: Settings,
    host: str,
    port: int,
    access_log: bool = False,
    workers: int = 1,
    projections: bool = True,
) -> None:
    """One process, or `workers` processes on one port: each has its own pool and caches
    (kept honest by the store's version check and the token revocation broadcast), and the
    projections' leases let one of them fold each projection. `projections=False`: this
    instance only serves (`domino projections run` folds, elsewhere)."""
    import uvicorn
    from uvicorn.config import STARTUP_FAILURE
    from uvicorn.supervisors import Multiprocess

    from service.app import APP_DSN_VARIABLE, WORKER_PROJECTIONS_VARIABLE, create_app
    from service.http_server import ClientDeadlines, GuardedProtocol, ServerConfig

    with owner_database(settings, supervise=True) as owner_dsn:
        app_dsn = prepared(owner_dsn, settings)
        options: dict[str, Any] = {
            "host": host,
            "port": port,
            "log_level": "info",
            "access_log": access_log,
            "timeout_graceful_shutdown": GRACEFUL_SECONDS,
            "log_config": log_config(),
            # uvicorn would believe X-Forwarded-For from loopback: the app reads it, from
            # DOMINO_TRUSTED_PROXIES only (service/http/web/forwarded.py).
            "proxy_headers": False,
            "http": GuardedProtocol,  # deadlines for slow clients (service/http_server.py)
            "deadlines": ClientDeadlines(settings.header_timeout, settings.body_timeout),
            "limit_concurrency": settings.max_connections,
        }
        if workers == 1:
            app = create_app(settings, app_dsn, run_projections=projections, serving=True)
            server = uvicorn.Server(ServerConfig(app, **options))
            server.run()
            if not server.started:
                sys.exit(STARTUP_FAILURE)
            return
        os.environ[APP_DSN_VARIABLE] = app_dsn  # the workers' environment, not a file
        os.environ[WORKER_PROJECTIONS_VARIABLE] = "on" if projections else "off"
        config = ServerConfig(
            "service.app:app_from_environment", factory=True, workers=workers, **options
        )
        supervisor = Multiprocess(config, sockets=[config.bind_socket()])
        supervisor.run()
        if any(worker.exitcode == STARTUP_FAILURE for worker in supervisor.processes):
            sys.exit(STARTUP_FAILURE)  # as one process would: a supervisor may restart it


def run_projections(settings: Settings) -> None:
    """Fold new events into the read models until Ctrl-C or SIGTERM: the projections of
    instances started with `serve --no-projections`. Several may run: a lease per
    projection lets one fold it, the others wait to take over."""
    import asyncio

    from projections import all_projections
    from projections.runner import ProjectionRunner
    from service.policies import all_policies

    async def run(app_dsn: str) -> None:
        stop = asyncio.Event()
        for signal_number in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().add_signal_handler(signal_number, stop.set)
        runner = ProjectionRunner(app_dsn, [*all_projections(), *all_policies()])
        await runner.start()
        log.info(
            "projection runner started for %s; each folds once its lease is taken",
            ", ".join(runner.leased),
        )
        try:
            await stop.wait()
        finally:
            await runner.stop()
            log.info("projection runner stopped")

    with owner_database(settings, supervise=True) as owner_dsn:
        app_dsn = prepared(owner_dsn, settings)
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while it stops
            asyncio.run(run(app_dsn))
        signal.signal(signal.SIGTERM, _unwind_on_sigterm)  # the closed loop reset it


def rebuild_projections(settings: Settings, names: list[str]) -> None:
    """Rebuild from the first event into shadow tables, then swap (projections/rebuild.py)."""
    import asyncio

    from projections import all_projections, projection_named
    from projections.rebuild import (
        RebuildRunning,
        fewer_collections,
        owner_connections,
        rebuild,
        rebuild_side_by_side,
    )

    chosen = [projection_named(n) for n in names] if names else all_projections()

    async def run(owner_dsn: str) -> None:
        async with owner_connections(owner_dsn) as (connection, reader):
            for projection in chosen:
                position = await rebuild(connection, projection, reader=reader)
                log.info("projection %s rebuilt up to event %s", projection.name, position)

    with owner_database(settings) as owner_dsn:
        migrate(owner_dsn, fingerprint_key(settings))
        try:
            if len(chosen) > 1:  # side by side, each in its own process
                done = rebuild_side_by_side(owner_dsn, [p.name for p in chosen])
                for name, position in done.items():
                    log.info("projection %s rebuilt up to event %s", name, position)
            else:
                with fewer_collections():
                    asyncio.run(run(owner_dsn))
        except RebuildRunning as error:
            log.error("%s: try again when it is done", error)
            sys.exit(1)


def export(settings: Settings, filters: dict[str, str], output: str | None) -> None:
    """The NDJSON export to a file (or standard output), with a progress bar."""
    import asyncio

    from service.transfer import TransferError, export_games

    with owner_database(settings) as owner_dsn:
        app_dsn = prepared(owner_dsn, settings)
        target = open(output, "wb") if output else sys.stdout.buffer  # noqa: SIM115
        try:
            count = asyncio.run(export_games(settings, app_dsn, filters, target))
        except TransferError as error:
            log.error("%s", error)
            sys.exit(1)
        finally:
            if output:
                target.close()
    log.info("exported %d games%s", count, f" to {output}" if output else "")


def import_(settings: Settings, source: str) -> None:
    """A file of súmulas (NDJSON) imported as the administrator, with a progress bar; each
    refused line said, and the exit status 1 when any was."""
    import asyncio

    from service.transfer import TransferError, import_games

    with open(source, "rb") as handle:
        lines = handle.read().split(b"\n")
    with owner_database(settings) as owner_dsn:
        app_dsn = prepared(owner_dsn, settings)
        try:
            totals = asyncio.run(import_games(settings, app_dsn, lines))
        except TransferError as error:
            log.error("%s", error)
            sys.exit(1)
    for number, why in totals.errors:
        log.error("line %d refused: %s", number, why)
    log.info("imported %d games; %d lines refused", totals.imported, totals.failed)
    if totals.failed:
        sys.exit(1)


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {number}")
    return number


EXPORT_FILTERS = {
    "player": "games this player sat at (an id)",
    "competition": "a competition's games (an id)",
    "game": "one game's: its name (GET /v1/matches/{id} says it, as `game`)",
    "since": "finished since (a date, or an RFC 3339 instant)",
    "until": "finished before",
    "status": "confirmed (default), finished (confirmed or not), all",
}


def projection_names() -> list[str]:
    from projections import all_projections

    return [projection.name for projection in all_projections()]


def main(argv: list[str] | None = None) -> None:
    try:
        _main(argv)
    except FingerprintKeyMismatch as error:  # a start with another key file (L9)
        log.error("%s", error)
        sys.exit(1)


def _main(argv: list[str] | None) -> None:
    parser = argparse.ArgumentParser(prog="domino", description="Dominoes match records")
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="run the HTTP API")
    serve_parser.add_argument("--host", default="127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--access-log", action="store_true", help="log every request")
    serve_parser.add_argument(
        "--workers", type=_positive, default=1, help="processes serving the port (default 1)"
    )
    serve_parser.add_argument(
        "--no-projections",
        dest="projections",
        action="store_false",
        help="only serve: `domino projections run` folds the read models elsewhere",
    )
    commands.add_parser("migrate", help="bring the schema to the newest revision")
    projections_parser = commands.add_parser("projections", help="manage the read models")
    projection_commands = projections_parser.add_subparsers(dest="action", required=True)
    rebuild_parser = projection_commands.add_parser(
        "rebuild", help="rebuild read models from the first event (the service keeps serving)"
    )
    rebuild_parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"default: all ({', '.join(projection_names())})"
    )
    projection_commands.add_parser(
        "run", help="fold new events into the read models until stopped (serve --no-projections)"
    )
    export_parser = commands.add_parser(
        "export",
        help="write finished games as NDJSON, one súmula a line (as GET /v1/exports/games)",
    )
    for name, what in EXPORT_FILTERS.items():
        export_parser.add_argument(f"--{name}", help=what)
    export_parser.add_argument("--output", "-o", help="a file (default: standard output)")
    import_parser = commands.add_parser(
        "import",
        help="import an NDJSON file of súmulas as the administrator (as POST "
        "/v1/imports/games: the same file twice creates nothing more)",
    )
    import_parser.add_argument("file", help="the NDJSON file")
    args = parser.parse_args(argv)
    configure_logging()
    settings = Settings.from_environment()
    if args.command == "serve":
        with contextlib.suppress(KeyboardInterrupt):  # raised again by uvicorn once it stopped
            serve(settings, args.host, args.port, args.access_log, args.workers, args.projections)
    elif args.command == "migrate":
        with owner_database(settings) as owner_dsn:
            migrate(owner_dsn, fingerprint_key(settings))
    elif args.command == "projections" and args.action == "run":
        run_projections(settings)
    elif args.command == "projections":
        unknown = [name for name in args.names if name not in projection_names()]
        if unknown:
            rebuild_parser.error(
                f"no projection named {', '.join(unknown)}: the projections are "
                f"{', '.join(projection_names())}"
            )
        rebuild_projections(settings, args.names)
    elif args.command == "export":
        filters = {n: getattr(args, n) for n in EXPORT_FILTERS if getattr(args, n) is not None}
        export(settings, filters, args.output)
    elif args.command == "import":
        import_(settings, args.file)
    else:  # pragma: no cover - argparse refuses unknown commands
        sys.exit(2)
