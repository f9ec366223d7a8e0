"""The failover drill (issue 22, part 2): the service on a three-node Patroni cluster
(`tests/reliability/patroni.py`), through a DSN that names every node and asks for the one
that takes writes (its reads: for a standby), under a steady write load. The primary's
PostgreSQL is killed (its Patroni restarts it), then, in a second drill, the primary's
whole node (a standby is promoted). Each time: the service writes again, by itself, within
a measured time (printed, and recorded in docs/scaling.md); every acknowledged write is
stored exactly once; every game's hash chain verifies; the projections catch up, nothing
folded twice."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest

from tests.conftest import APP_PASSWORD
from tests.projections.test_http import settled
from tests.reliability.harness import ADMIN, Ledger, ServiceProcess
from tests.reliability.patroni import PATRONI, Node, PatroniCluster
from tests.reliability.test_faults import (
    assert_every_write_acknowledged,
    assert_nothing_lost_or_doubled,
    data_dir,
    playing_until_a_tenth_is_acknowledged,
)

pytestmark = [pytest.mark.reliability, pytest.mark.timeout(600)]
__all__ = ["data_dir"]  # the fixture, for pytest

WRITES_AGAIN_WITHIN = 30.0
"""Seconds from the fault to the first write acknowledged after it: Patroni's TTL is 10 s."""


@pytest.fixture
def cluster() -> Iterator[PatroniCluster]:
    assert PATRONI.exists(), "Patroni is missing: scripts/ensure-patroni installs it"
    running = _started_cluster()
    try:
        yield running
    finally:
        running.stop()


def _started_cluster() -> PatroniCluster:
    """A cluster whose leader has both standbys streaming. Its ports are picked free, then
    bound by Patroni a moment later: a port another test took between the two, or both cores
    taken while the base backups run, can leave a node out; one new cluster on new ports is
    tried then. The drill tests the service's failover, not the cluster's first start."""
    try:
        return PatroniCluster().start()
    except AssertionError as error:
        print(f"\nthe Patroni cluster did not come up ({error}): a new one on new ports")
    return PatroniCluster().start()


async def writes_again(url: str, struck: float, limit: float = 90) -> float:
    """Seconds from the fault to a new write acknowledged (a player registered), tried
    every 50 ms: the time the service could not write."""
    async with httpx.AsyncClient(timeout=5) as client:
        for attempt in range(int(limit / 0.05)):
            try:
                answer = await client.post(
                    f"{url}/v1/players", headers=ADMIN, json={"name": f"Sonda {attempt}"}
                )
                if answer.status_code == 201:
                    return time.monotonic() - struck
                assert answer.status_code == 503, answer.text
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.05)
    raise AssertionError(f"the service did not write again within {limit} s")


async def assert_chains_verify(url: str, ledger: Ledger) -> None:
    async with httpx.AsyncClient(timeout=15) as client:
        for match_id in ledger.acknowledged:
            verified = (await client.get(f"{url}/v1/matches/{match_id}/verify")).json()
            assert verified["valid"], verified


async def assert_folded_once(dsn: str, url: str, ledger: Ledger) -> None:
    """The read models reached the log's end, and each game is folded once: its row counts
    the hands the log has, no more."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        await settled(client)
    connection = await asyncpg.connect(dsn)
    try:
        for match_id in ledger.acknowledged:
            hands = await connection.fetchval(
                "SELECT count(*) FROM events WHERE stream_id = $1 AND event_type = 'hand_ended'",
                f"match-{match_id}",
            )
            annulled = await connection.fetchval(
                "SELECT count(*) FROM events WHERE stream_id = $1 AND event_type = 'hand_annulled'",
                f"match-{match_id}",
            )
            listed = await connection.fetchval(
                "SELECT hands_played FROM proj_games WHERE match_id = $1", match_id
            )
            assert listed == hands - annulled, f"{match_id}: {listed} != {hands} - {annulled}"
    finally:
        await connection.close()


async def drill(cluster: PatroniCluster, data: Path, fault: str) -> float:
    service = ServiceProcess(cluster.dsn, data, APP_PASSWORD)
    service.env["DOMINO_READ_URL"] = cluster.read_dsn  # the reads to a standby, while one is up
    service.start(timeout=120)
    try:
        ledger = Ledger()
        clients = await playing_until_a_tenth_is_acknowledged(service.url, ledger)
        leader = cluster.leader()
        assert leader is not None
        struck = time.monotonic()
        await asyncio.to_thread(_strike, cluster, leader, fault)
        again = await writes_again(service.url, struck)
        await asyncio.gather(*clients)
        if fault == "node":
            promoted = cluster.wait_for_leader(other_than=leader)
            assert promoted is not leader, "no standby was promoted"
        print(f"\nfailover drill ({fault}): writes again {again:.1f} s after the fault")

        assert again < WRITES_AGAIN_WITHIN
        assert set(ledger.statuses) <= {201, 503}, ledger.statuses
        assert_every_write_acknowledged(ledger)
        await assert_nothing_lost_or_doubled(cluster.dsn, service.url, ledger)
        await assert_chains_verify(service.url, ledger)
        await assert_folded_once(cluster.dsn, service.url, ledger)
        async with httpx.AsyncClient(timeout=10) as client:
            health = await client.get(f"{service.url}/health", headers=ADMIN)
        assert health.status_code == 200, health.text
        assert health.json()["read_replica"] is not None  # reads went to a standby
        return again
    finally:
        service.stop()


def _strike(cluster: PatroniCluster, leader: Node, fault: str) -> None:
    if fault == "postmaster":
        cluster.kill_postmaster(leader)
    else:
        cluster.kill_node(leader)


async def test_the_primarys_postgres_killed_under_load_loses_and_doubles_nothing(
    cluster: PatroniCluster, data_dir: Path
) -> None:
    await drill(cluster, data_dir, "postmaster")


async def test_the_primarys_node_lost_under_load_a_standby_takes_over_nothing_lost(
    cluster: PatroniCluster, data_dir: Path
) -> None:
    await drill(cluster, data_dir, "node")
