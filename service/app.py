"""The Litestar application: the pool and the store live in its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
from litestar import Litestar

from service.event_store import EventStore
from service.health import HealthController
from service.settings import Settings


def create_app(settings: Settings, app_dsn: str) -> Litestar:
    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = await asyncpg.create_pool(
            app_dsn, min_size=1, max_size=settings.pool_size, command_timeout=10
        )
        app.state.pool = pool
        app.state.store = EventStore(pool)
        try:
            yield
        finally:
            await pool.close()

    return Litestar(
        route_handlers=[HealthController],
        lifespan=[lifespan],
        debug=False,
    )
