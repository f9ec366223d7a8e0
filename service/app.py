"""The Litestar application: the pool, the store and the caches live in its lifespan."""

from __future__ import annotations

import asyncio
import gc
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote, urlsplit

import asyncpg
import swagger_ui
from litestar import Litestar
from litestar.logging.config import LoggingConfig
from litestar.middleware import DefineMiddleware
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import Server
from litestar.routes import HTTPRoute

from domain import GAMES
from projections import all_projections
from projections.games import read_side
from projections.rebuild import YOUNG_COLLECTED_AFTER
from projections.runner import ProjectionRunner
from service.http.auth import Tokens
from service.http.competitions.members import MemberController
from service.http.competitions.seasons import SeasonController
from service.http.competitions.tournaments import TournamentController
from service.http.exports.controller import ExportController
from service.http.exports.imports import ImportController
from service.http.health import HealthController
from service.http.history.controller import HistoryController
from service.http.history.live_feed import LiveFeedController
from service.http.matches.controller import MatchController
from service.http.matches.disputes import DISPUTE_WRITES
from service.http.matches.game_writes import GAME_WRITES
from service.http.matches.key_locks import KeyLocks
from service.http.matches.lean_writes import LeanGameWrites
from service.http.mesas.controller import MesaController
from service.http.openapi.finished import finish_document
from service.http.players.competitions import CompetitionController
from service.http.players.controller import PlayerController
from service.http.players.data import PlayerDataController
from service.http.players.erasure import replay_list
from service.http.players.tokens import TokenController
from service.http.problems import EXCEPTION_HANDLERS
from service.http.ratings.controller import RatingController
from service.http.reports.controller import REPORT_CONTROLLERS
from service.http.stats.controllers import STATS_CONTROLLERS
from service.http.web.conventions import WebConventions
from service.http.web.forwarded import forwarded_for
from service.http.web.rate_limits import Limiter, Limits, RateLimits
from service.http.web.read_routing import ReadRouting
from service.http.web.strict_bodies import before_handling, body_decoders
from service.pages import PAGES, TEMPLATES
from service.policies import all_policies
from service.settings import LOG_FORMAT, Settings
from service.static_files import static_files_router
from service.store.database import APP_ROLE, with_credentials
from service.store.event_store import EventStore
from service.store.fingerprint_key import load_or_create
from service.store.matches import Matches
from service.store.members import LOCK_CONNECTIONS, Memberships
from service.store.mesas import Mesas
from service.store.reads import Reads
from service.store.registry import Registry
from service.store.tournaments import Tournaments

MAX_BODY_BYTES = 64 * 1024
APP_DSN_VARIABLE = "DOMINO_APP_DSN"  # handed to each worker by `domino serve --workers N`
WORKER_PROJECTIONS_VARIABLE = "_DOMINO_WORKER_PROJECTIONS"  # "on" or "off", set by serve

DOCS_ASSETS = "/docs/assets"
"""Swagger UI's files, from the swagger-ui-py package: /docs works with no internet."""
SWAGGER_UI_FILES = Path(swagger_ui.__file__).parent / "static"

GAME_TITLES = ", ".join(
    read_side(game.name).labels.title
    + (f" ({', '.join(game.presets)})" if len(game.presets) > 1 else "")
    for game in GAMES
)
OPENAPI = OpenAPIConfig(
    title="Match records: dominoes and card games",
    version="1.0.0",
    description=(
        f"Record the games of Brazilian tables ({GAME_TITLES}) play by play or hand by hand, "
        "run torneios, audit every game's full history, and read rankings per game. Each game "
        "has its own bodies (`<Game>Deal`, `<Game>Move`, `<Game>Result`, `<Game>Hand`): a "
        "write on a game takes its game's. "
        "Writes need `Authorization: Bearer <token>` (Authorize, above); "
        "reads are public. Errors are `application/problem+json` with a stable `code`. "
        "Every write answers `Domino-Position` (the position its events reached) and the "
        "`RateLimit-*` headers (past a limit: 429 with `Retry-After`); a read that sends "
        "`Domino-Read-After: <position>` sees that write, also from a read replica, in the games' "
        "histories and in every read model (rankings, statistics, lists, search): it waits a "
        "moment for them, and past it answers 503 `read-models-behind`, never older data. Reads "
        "answer an `ETag`: send it back as `If-None-Match` and an unchanged answer is a 304 "
        "with no body. Answers of 1 KiB or more are gzipped for clients that accept it; "
        "any origin may read from a browser, and the origins in `DOMINO_CORS_ORIGINS` may "
        "write."
    ),
    path="/docs",
    render_plugins=[
        SwaggerRenderPlugin(
            path="/",
            js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            standalone_preset_js_url=f"{DOCS_ASSETS}/swagger-ui-standalone-preset.js",
            favicon=f"<link rel='icon' type='image/png' href='{DOCS_ASSETS}/favicon-32x32.png'>",
        )
    ],
    servers=[Server(url="/")],
    use_handler_docstrings=False,
)


def create_app(
    settings: Settings,
    app_dsn: str,
    *,
    run_projections: bool = True,
    lean_writes: bool = True,
    serving: bool = False,
) -> Litestar:
    """`run_projections=False`: serve the read models without folding new events here
    (another instance, or a test, runs the projections). `lean_writes=False`: Litestar
    serves the writes on a game too (tests compare the two ways, lean_writes.py).
    `serving`: the process serves this app alone until it exits (`domino serve`): what
    its start made is kept out of the garbage collector's later passes (`settled_heap`)."""

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = await asyncpg.create_pool(
            app_dsn, min_size=1, max_size=settings.pool_size, command_timeout=10
        )
        fingerprint_key = (
            load_or_create(settings.fingerprint_key_file)
            if settings.fingerprint_key_file is not None
            else None  # the store's own
        )
        store = EventStore(pool, fingerprint_key)
        app.state.pool = pool
        app.state.store = store
        replica = (
            await asyncpg.create_pool(
                _as_service_role(settings.read_url, app_dsn),
                min_size=0,  # a standby down at start: reads go to the primary meanwhile
                max_size=settings.pool_size,
                command_timeout=10,
            )
            if settings.read_url
            else None
        )
        app.state.reads = reads = Reads(
            pool,
            replica,
            max_lag_seconds=settings.read_max_lag,
            wait_seconds=settings.read_wait,
            read_models=tuple(p.name for p in [*all_projections(), *all_policies()]),
        )
        await reads.start()
        app.state.matches = Matches(store)
        app.state.registry = Registry(store)
        app.state.member_locks = locks = await asyncpg.create_pool(
            app_dsn, min_size=0, max_size=LOCK_CONNECTIONS, command_timeout=10
        )
        app.state.memberships = Memberships(store, locks)
        app.state.tournaments = Tournaments(store)
        app.state.mesas = Mesas(store)
        lifetime = None if settings.token_days is None else timedelta(days=settings.token_days)
        app.state.tokens = tokens = Tokens(
            pool, settings.bootstrap_token, lifetime, settings.max_tokens_per_player
        )
        tokens.on_erasure.append(app.state.matches.forget_all)
        await tokens.start_listening(app_dsn)
        app.state.erasure_list = settings.erasure_list
        await replay_list(settings.erasure_list, pool, app.state.registry)
        app.state.stale_after = settings.stale_after
        runner = (
            ProjectionRunner(app_dsn, [*all_projections(), *all_policies()])
            if run_projections
            else None
        )
        app.state.projections = runner
        if runner is not None:
            await runner.start()
        if serving:
            settled_heap()
        try:
            yield
        finally:
            await tokens.stop_listening()
            locks.terminate()
            await reads.stop()
            if runner is not None:
                await runner.stop()
            if replica is not None:
                replica.terminate()
            try:
                await asyncio.wait_for(pool.close(), timeout=5)
            except (TimeoutError, asyncio.CancelledError):
                pool.terminate()

    middleware = [
        DefineMiddleware(WebConventions, write_origins=settings.cors_origins),
        DefineMiddleware(
            RateLimits,
            limiter=Limiter(
                Limits(
                    writes_per_token=settings.rate_writes_per_token,
                    writes_per_address=settings.rate_writes_per_address,
                    registrations_per_address=settings.rate_registrations_per_address,
                    writes_per_player=settings.rate_writes_per_player,
                    refused_per_address=settings.rate_refused_per_address,
                ),
                settings.bootstrap_token,
            ),
        ),
        DefineMiddleware(ReadRouting),
    ]
    app = Litestar(
        route_handlers=[
            HealthController,
            PlayerController,
            PlayerDataController,
            TokenController,
            CompetitionController,
            MemberController,
            MatchController,
            GAME_WRITES,
            DISPUTE_WRITES,
            SeasonController,
            MesaController,
            TournamentController,
            static_files_router(DOCS_ASSETS, SWAGGER_UI_FILES),
            HistoryController,
            LiveFeedController,
            *STATS_CONTROLLERS,
            *REPORT_CONTROLLERS,
            RatingController,
            ExportController,
            ImportController,
            *PAGES,
        ],
        lifespan=[lifespan],
        middleware=middleware,
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=OPENAPI,
        template_config=TEMPLATES,
        request_max_body_size=MAX_BODY_BYTES,
        before_request=before_handling,
        logging_config=LoggingConfig(
            formatters={"standard": {"format": LOG_FORMAT}}, configure_root_logger=False
        ),
        debug=False,
    )
    _options_answer_whole_routes(app)
    app.state.body_decoders = decoders = body_decoders(app)
    if lean_writes:
        app.asgi_handler = LeanGameWrites(
            app, app.asgi_handler, middleware, decoders, MAX_BODY_BYTES
        )
    if settings.trusted_proxies:  # outermost: every layer sees the client, not the proxy
        app.asgi_handler = forwarded_for(app.asgi_handler, settings.trusted_proxies)
    app.state.key_locks = KeyLocks()
    app.state.dispute_window = timedelta(days=settings.dispute_days)
    finish_document(app)
    return app


def app_from_environment() -> Litestar:
    """The app of one worker process of `domino serve --workers N` (uvicorn's factory; it
    has already applied the service's log configuration in the worker)."""
    return create_app(
        Settings.from_environment(),
        os.environ[APP_DSN_VARIABLE],
        run_projections=os.environ.get(WORKER_PROJECTIONS_VARIABLE) != "off",
        serving=True,
    )


def settled_heap() -> None:
    """Move every object alive now (the modules, the app, its routes, schemas and caches as
    started) out of the garbage collector's reach: a full collection walked them all, about
    90 ms each time, and the collector took 9% of a served Truco game's CPU (issue 34,
    gc.callbacks). Garbage is collected first, so that none is kept for good."""
    gc.collect()
    gc.freeze()
    # A request's garbage goes by reference counting; what the collector looks for is
    # cycles, and a served request makes few: a young collection every 700 objects ran
    # several times a request.
    gc.set_threshold(YOUNG_COLLECTED_AFTER, *gc.get_threshold()[1:])


def _as_service_role(read_url: str, app_dsn: str) -> str:
    """The standby's DSN with the service role's credentials (a physical standby has the
    primary's roles and passwords)."""
    parts = urlsplit(app_dsn)
    return with_credentials(read_url, parts.username or APP_ROLE, unquote(parts.password or ""))


def _options_answer_whole_routes(app: Litestar) -> None:
    """Work around Litestar 2.25: when a path's handlers are registered one by one, the
    automatic OPTIONS handler keeps the route made for the first of them, and answers its
    methods only (`Allow: GET, OPTIONS` for GET and POST /v1/players). Point each at its
    whole route. tests/api/test_listing.py and schemathesis check the answer."""
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            if handler.handler_name == "options_handler":
                for cell in handler.fn.__closure__ or ():
                    if isinstance(cell.cell_contents, HTTPRoute):
                        cell.cell_contents = route
