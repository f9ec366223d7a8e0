"""What each step of `append_events` costs PostgreSQL for a lone append, beside a plain
one-row INSERT commit: functions made of the first steps of the store's append, one step
more each, are called as the store calls it (one connection, autocommit, one event to one
stream), and the server's CPU (its backend's, from /proc) and the wall time per call are
printed, so that each step's share is the difference between two lines.

    .venv/bin/python bench/append_steps.py [--calls 3000] [--rounds 2]

The steps are those of the lone path of migration 0021's function (0023's checks of the
call's shape aside): the append lock and the log's newest position, the stream's head, the
hash, the insert, the notification. The function itself comes last. The log holds some
events before the first round (an empty log's first inserts cost more). These are
measurements of cost, not a second store: the step functions skip the checks the real one
makes, and live in a database of their own.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.append_cost import BODY, per_call
from bench.common import fresh_database, server

SIGNATURE = (
    "req_stream text[], req_expected int[], req_count int[], req_key text[],"
    " req_fingerprint bytea[], ev_type text[], ev_data jsonb[], ev_metadata jsonb[],"
    " ev_secret jsonb[]"
)
RETURNS = (
    "RETURNS TABLE (outcome text, stream_id text, first_version int, last_version int,"
    " first_position bigint, last_position bigint, current_version int)"
)
DECLARED = (
    "DECLARE newest bigint; bound bigint; last bigint; head int; link bytea;"
    " positions bigint[] := '{}'; streams text[] := '{}'; versions int[] := '{}';"
    " hashes bytea[] := '{}'; appended int[] := '{}';"
)
LOCK = "PERFORM pg_advisory_xact_lock(8675309);"
NEWEST = (
    "SELECT l.upper - l.span, l.upper INTO newest, bound FROM events_layout l;"
    " SELECT max(x.position) INTO last FROM events x WHERE x.position >= newest;"
    " last := coalesce(last, 0);"
)
HEAD = (
    "SELECT x.stream_version, x.hash INTO head, link FROM events x"
    " WHERE x.stream_id = req_stream[1] AND x.position >= newest"
    " ORDER BY x.stream_version DESC LIMIT 1;"
    " head := coalesce(head, 0); link := coalesce(link, '\\x');"
)
HASH = (
    "last := last + 1; link := sha256(link || convert_to(req_stream[1] || E'\\n' ||"
    " (head + 1) || E'\\n' || ev_type[1] || E'\\n' || ev_data[1]::text, 'UTF8'));"
    " positions := positions || last; streams := streams || req_stream[1];"
    " versions := versions || (head + 1); hashes := hashes || link;"
    " appended := appended || 1;"
)
INSERT = (
    "INSERT INTO events (position, stream_id, stream_version, event_type, data, metadata,"
    " hash, secret) SELECT p, s, v, ev_type[i], ev_data[i], ev_metadata[i], h, ev_secret[i]"
    " FROM unnest(positions, streams, versions, appended, hashes) AS u(p, s, v, i, h);"
)
NOTIFY = "PERFORM pg_notify('domino_events', last::text);"
STEPS = {
    "an empty function": "",
    "+ the append lock, the newest position": LOCK + NEWEST,
    "+ the stream's head": LOCK + NEWEST + HEAD,
    "+ the hash": LOCK + NEWEST + HEAD + HASH,
    "+ the insert (and its commit's flush)": LOCK + NEWEST + HEAD + HASH + INSERT,
    "+ the notification": LOCK + NEWEST + HEAD + HASH + INSERT + NOTIFY,
}
Call = Callable[[], Awaitable[object]]
Maker = Callable[[asyncpg.Connection], Awaitable[Call]]


async def timed(dsn: str, make: Maker, calls: int) -> tuple[float, float]:
    """(server CPU, wall time) in microseconds per call, on a connection of its own."""
    connection = await asyncpg.connect(dsn)
    try:
        return await per_call(connection, await make(connection), calls)
    finally:
        await connection.close()


def appending(function: str) -> Maker:
    async def make(connection: asyncpg.Connection) -> Call:
        stream, version = f"steps-{uuid.uuid4()}", [0]
        sql = f"SELECT * FROM {function}($1, $2, $3, $4, $5, $6, $7, $8, $9)"

        async def call() -> None:
            await connection.fetch(
                sql, [stream], version, [1], [None], [None], ["tile_played"], [BODY], ["{}"],
                [None],
            )  # fmt: skip
            version[0] += 1

        return call

    return make


async def inserting(connection: asyncpg.Connection) -> Call:
    await connection.execute(
        "CREATE TABLE IF NOT EXISTS plain_inserts (id bigserial PRIMARY KEY, data jsonb)"
    )
    return lambda: connection.execute("INSERT INTO plain_inserts (data) VALUES ($1)", BODY)


async def define_steps(owner_dsn: str) -> dict[str, str]:
    """The step functions, by label: each a function of its own, made by the owner."""
    connection = await asyncpg.connect(owner_dsn)
    names = {}
    try:
        for n, (label, body) in enumerate(STEPS.items()):
            names[label] = name = f"append_step_{n}"
            await connection.execute(
                f"CREATE FUNCTION {name}({SIGNATURE}) {RETURNS} LANGUAGE plpgsql"
                f" SET plan_cache_mode = force_generic_plan AS $$ {DECLARED} BEGIN {body}"
                " outcome := 'appended'; RETURN NEXT; END $$"
            )
    finally:
        await connection.close()
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=3000, help="calls of each step a round")
    parser.add_argument("--rounds", type=int, default=2, help="the steps in turn, this often")
    args = parser.parse_args()
    with server() as admin:
        owner, app = fresh_database(admin, "bench_append_steps")
        names = asyncio.run(define_steps(owner))
        print(f"filling the log first ({args.calls} appends)", flush=True)
        asyncio.run(timed(app, appending("append_events"), args.calls))
        lines: list[tuple[str, str, Maker]] = [("a plain INSERT commit", owner, inserting)]
        lines += [(label, owner, appending(name)) for label, name in names.items()]
        lines += [("append_events itself (the service role)", app, appending("append_events"))]
        for round_ in range(1, args.rounds + 1):
            print(f"round {round_} of {args.rounds}: {'server CPU us':>14} {'wall us':>9}")
            for label, dsn, make in lines:
                cpu, wall = asyncio.run(timed(dsn, make, args.calls))
                print(f"  {label:<42} {cpu:>12.1f} {wall:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
