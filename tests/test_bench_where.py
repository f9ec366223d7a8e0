"""bench/where.py: each py-spy sample of the service counts in the part of a write it is in."""

from __future__ import annotations

from bench.where import OTHER, parts_of

LOOP = (
    "<module> (service/__main__.py:3);serve (service/cli.py:160)"
    ";Runner.run (asyncio/runners.py:118)"
)
LEAN = (
    "RequestResponseCycle.run_asgi (uvicorn/protocols/http/httptools_impl.py:409)"
    ";WebConventions.__call__ (service/http/web/conventions.py:75)"
    ";LeanGameWrites._write (service/http/matches/lean_writes.py:128)"
)
REQUEST = f"{LEAN};write (service/http/matches/writes.py:212)"


def test_a_sample_counts_in_the_part_of_the_write_it_is_in() -> None:
    lines = [
        f"{REQUEST};_decided (service/store/matches.py:231);decide (domain/decide.py:40) 5",
        f"{REQUEST};answered (service/http/matches/writes.py:125)"
        ";match_state (service/http/matches/views.py:249);view (domain/cards/holdem/view.py:30) 4",
        f"{REQUEST};EventStore.append (service/store/event_store.py:120)"
        ";Connection.fetch (asyncpg/connection.py:717) 3",
        f"{REQUEST};access_of (service/http/matches/access.py:40) 2",
        f"{LEAN} 7",
        f"{REQUEST} 1",
        "ProjectionRunner._work (projections/runner.py:170)"
        ";Connection.execute (asyncpg/connection.py:1) 6",
        f"{LOOP} 8",
        "Thread._bootstrap (threading.py:1002);_worker (concurrent/futures/thread.py:81) 50",
        "not a sample",
    ]

    counts = parts_of(lines)

    assert counts == {
        "the rules (decide, evolve)": 5,
        "the answer's view (what the sender may see)": 4,
        "the event store (append, the games' cache, seals)": 3,
        "the write's checks (access, keys, its body)": 2 + 1,
        "middleware, routing, tokens, the request's body": 7,
        "read models (the runner, the torneio policy)": 6,
        OTHER: 8,
    }
