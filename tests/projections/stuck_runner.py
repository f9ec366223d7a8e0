"""A runner killed mid-batch, for test_runner.py: it folds the next batch of `stats`, writes
its rows, says "inside" and waits inside the open transaction (checkpoint not yet moved)
until the test kills the process with SIGKILL.

    python -m tests.projections.stuck_runner <dsn> <batch size>
"""

from __future__ import annotations

import asyncio
import sys

import asyncpg

from projections.base import Connection, StoredEvent
from projections.batches import ensure_checkpoint, step
from projections.stats import Stats


class Stuck(Stats):
    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        await super().apply(connection, events)
        print("inside", flush=True)
        await asyncio.sleep(3600)


async def main(dsn: str, batch_size: int) -> None:
    connection = await asyncpg.connect(dsn)
    await ensure_checkpoint(connection, "stats")
    await step(connection, Stuck(), batch_size)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
