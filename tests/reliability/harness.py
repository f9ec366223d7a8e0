"""The real service as a child process, and clients that keep playing through faults,
retrying each write with its Idempotency-Key until it is acknowledged."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from service.http.web.rate_limits import NO_LIMITS
from tests.simulate import next_request

TOKEN = "reliability-admin-token-0123456789"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}
ROOT = Path(__file__).resolve().parents[2]
LOG_DIR = Path(tempfile.gettempdir()) / "domino-reliability-logs"  # kept for post-mortems


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServiceProcess:
    """`python -m service serve` on 127.0.0.1 with DATABASE_URL, as production runs it."""

    def __init__(self, owner_dsn: str, data_dir: Path, app_password: str, *options: str) -> None:
        self.options = options  # more of `serve`'s options, e.g. --workers 2
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DATABASE_URL": owner_dsn,
            "DOMINO_BOOTSTRAP_TOKEN": TOKEN,
            "DOMINO_DATA_DIR": str(data_dir),
            "DOMINO_APP_PASSWORD": app_password,
            **NO_LIMITS,
        }
        LOG_DIR.mkdir(exist_ok=True)
        self.log = LOG_DIR / f"service-{self.port}.log"
        LOGS[self.url] = self.log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> ServiceProcess:
        self.process = subprocess.Popen(  # its own process group: workers go with it
            [sys.executable, "-m", "service", "serve", "--port", str(self.port), *self.options],
            env=self.env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("ab"),
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self._stderr()
            try:
                if httpx.get(f"{self.url}/health", timeout=1).status_code in (200, 503):
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the service did not start: {self._stderr()}")

    def command(self, *arguments: str) -> subprocess.Popen[bytes]:
        """Another `python -m service ...` command with this service's environment."""
        return subprocess.Popen(
            [sys.executable, "-m", "service", *arguments],
            env=self.env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=self.log.open("ab"),
        )

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> int | None:
        """SIGTERM, as a service manager stops it; its exit code (None: it had to be killed)."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                return self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
                return None
        return self.process.returncode

    def _stderr(self) -> str:
        return self.log.read_text()[-3000:] if self.log.exists() else ""


@dataclass
class Ledger:
    """What clients were told: every acknowledged write, every status seen."""

    acknowledged: dict[str, list[str]] = field(default_factory=dict)  # match -> keys
    planned: dict[str, int] = field(default_factory=dict)  # match -> writes its client posts
    statuses: Counter[int] = field(default_factory=Counter)
    slowest: float = 0.0

    def count(self) -> int:
        return sum(map(len, self.acknowledged.values()))

    def ended_early(self, writes: int) -> list[str]:
        """Games that were over before their client posted `writes` writes (a random deal
        can end a game in two hands)."""
        return [match_id for match_id, planned in self.planned.items() if planned < writes]

    async def reaches(self, writes: int) -> None:
        """Wait until `writes` writes are acknowledged: a fault injected then lands mid-load
        however fast the machine is (a fixed sleep let a fast CI finish every write first)."""
        deadline = time.monotonic() + 60
        while self.count() < writes:
            assert time.monotonic() < deadline, f"only {self.count()} writes acknowledged"
            await asyncio.sleep(0.005)


async def new_game(
    client: httpx.AsyncClient, url: str, seats: list[str], preset: str = "cinquenta"
) -> str:
    response = await client.post(
        f"{url}/v1/matches", headers=ADMIN, json={"rules": {"preset": preset}, "seats": seats}
    )
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


async def register_seats(client: httpx.AsyncClient, url: str) -> list[str]:
    seats = []
    for name in ("Zé", "Ana", "Tião", "Bia"):
        response = await client.post(f"{url}/v1/players", headers=ADMIN, json={"name": name})
        assert response.status_code == 201, response.text
        seats.append(response.json()["id"])
    return seats


async def play(
    urls: list[str], match_id: str, writes: int, ledger: Ledger, deadline: float
) -> None:
    """Post `writes` legal writes (fewer if the game is over first), each retried with its
    key until acknowledged."""
    async with httpx.AsyncClient(timeout=15) as client:
        state = await read_game(client, urls[0], match_id, deadline)
        ledger.acknowledged.setdefault(match_id, [])
        ledger.planned[match_id] = writes
        for n in range(writes):
            step = next_request(state)
            if step is None:
                ledger.planned[match_id] = n
                return
            kind, body = step
            key = f"{match_id}:{n}"
            while True:
                assert time.monotonic() < deadline, "the writes were not acknowledged in time"
                url = urls[n % len(urls)]
                started = time.monotonic()
                try:
                    response = await client.post(
                        f"{url}/v1/matches/{match_id}/{kind}",
                        json=body,
                        headers={**ADMIN, "Idempotency-Key": key},
                    )
                except httpx.TransportError:
                    await asyncio.sleep(0.1)
                    continue
                ledger.slowest = max(ledger.slowest, time.monotonic() - started)
                ledger.statuses[response.status_code] += 1
                if response.status_code == 201:
                    ledger.acknowledged[match_id].append(key)
                    state = response.json()
                    break
                assert response.status_code == 503, f"{response.text}\n{tail(urls)}"
                assert response.headers["content-type"].startswith("application/problem+json")
                await asyncio.sleep(0.1)


async def read_game(client: httpx.AsyncClient, url: str, match_id: str, deadline: float) -> Any:
    """The game's state, read again until the service answers: a client whose first read
    comes late, on a busy machine, may meet the fault the others are playing through."""
    while True:
        assert time.monotonic() < deadline, "the game could not be read in time"
        try:
            response = await client.get(f"{url}/v1/matches/{match_id}", headers=ADMIN)
        except httpx.TransportError:
            await asyncio.sleep(0.1)
            continue
        if response.status_code == 200:
            return response.json()
        assert response.status_code == 503, response.text
        await asyncio.sleep(0.1)


async def stored_keys(connection: Any, match_id: str) -> dict[str, list[int]]:
    """Each idempotency key found on the game's events, with the versions it wrote."""
    rows = await connection.fetch(
        "SELECT metadata->>'idempotency_key', stream_version FROM events"
        " WHERE stream_id = $1 ORDER BY stream_version",
        f"match-{match_id}",
    )
    found: dict[str, list[int]] = {}
    for key, version in rows:
        if key is not None:
            found.setdefault(key.split(":", 1)[1], []).append(version)
    return found


LOGS: dict[str, Path] = {}


def tail(urls: list[str]) -> str:
    """The end of the services' logs, to explain a failure."""
    return "\n".join(LOGS[u].read_text()[-30000:] for u in urls if u in LOGS and LOGS[u].exists())
