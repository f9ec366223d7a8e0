"""The limit of this stack on this machine: a bare Litestar endpoint that inserts one row per
request into PostgreSQL, served like the service (uvicorn, asyncpg pool).

    DATABASE_URL=... uvicorn bench.bare_app:app
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import msgspec
from litestar import Litestar, Request, post
from litestar.datastructures import State


class Row(msgspec.Struct):
    seat: int
    tile: str


@asynccontextmanager
async def lifespan(app: Litestar) -> AsyncIterator[None]:
    pool = await asyncpg.create_pool(os.environ["DATABASE_URL"], min_size=1, max_size=10)
    await pool.execute("CREATE TABLE IF NOT EXISTS bare (id bigserial PRIMARY KEY, data jsonb)")
    app.state.pool = pool
    yield
    await pool.close()


@post("/insert", status_code=201)
async def insert(request: Request[object, object, State], data: Row) -> dict[str, int]:
    pool: asyncpg.Pool = request.app.state.pool
    row_id = await pool.fetchval(
        "INSERT INTO bare (data) VALUES ($1) RETURNING id", msgspec.json.encode(data).decode()
    )
    return {"id": int(row_id)}


app = Litestar(route_handlers=[insert], lifespan=[lifespan])
