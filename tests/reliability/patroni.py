"""A three-node Patroni cluster on loopback, for the failover drill (issue 22, part 2).

Patroni (Debian's package: `scripts/ensure-patroni`) runs each node's PostgreSQL with the
same binaries as the embedded server, and the nodes agree on the leader by Raft among
themselves (pysyncobj): no etcd. Synchronous mode is on: a commit is acknowledged once a
standby has it, and only that standby may be promoted, so an acknowledged write survives
the loss of the primary's machine. As root, every node runs as the embedded server's OS
user (PostgreSQL refuses root)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from service.store.embedded import _binaries_for, _server_user
from tests.reliability.harness import LOG_DIR, free_port

PATRONI = Path("/usr/bin/patroni")
SUPERUSER_PASSWORD = "drill-superuser-password"
REPLICATION_PASSWORD = "drill-replication-password"


@dataclass
class Node:
    name: str
    pg_port: int
    api_port: int
    raft_port: int
    config: Path
    data: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.api_port}"


def _get(url: str) -> dict[str, object] | None:
    try:
        with urllib.request.urlopen(url, timeout=1) as answer:
            body: dict[str, object] = json.loads(answer.read())
            return body
    except (OSError, ValueError):
        return None


@dataclass
class PatroniCluster:
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="domino-patroni-")))
    nodes: list[Node] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.root.chmod(0o755)
        ports = [(free_port(), free_port(), free_port()) for _ in range(3)]
        raft = [f"127.0.0.1:{r}" for _, _, r in ports]
        for n, (pg, api, raft_port) in enumerate(ports, 1):
            node = Node(
                f"node{n}", pg, api, raft_port, self.root / f"node{n}.yml", self.root / f"data{n}"
            )
            node.config.write_text(self._config(node, [a for a in raft if a != raft[n - 1]]))
            self.nodes.append(node)
        user = _server_user()
        if user is not None:
            for path in [self.root, *self.root.iterdir()]:
                os.chown(path, user.uid, user.gid)

    def _config(self, node: Node, partners: list[str]) -> str:
        """Patroni's YAML (JSON is YAML): a short TTL so a lost leader is noticed fast."""
        bin_dir = _binaries_for(_server_user())
        config = {
            "scope": "domino-drill",
            "name": node.name,
            "restapi": {
                "listen": f"127.0.0.1:{node.api_port}",
                "connect_address": f"127.0.0.1:{node.api_port}",
            },
            "raft": {
                "data_dir": str(self.root / f"raft-{node.name}"),
                "self_addr": f"127.0.0.1:{node.raft_port}",
                "partner_addrs": partners,
            },
            "bootstrap": {
                "dcs": {
                    "ttl": 10,
                    "loop_wait": 1,
                    "retry_timeout": 4,
                    "synchronous_mode": True,
                    "postgresql": {
                        "use_pg_rewind": True,
                        "parameters": {
                            "wal_level": "replica",
                            "hot_standby": "on",
                            "wal_log_hints": "on",
                            "max_wal_senders": 10,
                            "max_replication_slots": 10,
                        },
                    },
                },
                "initdb": [{"encoding": "UTF8"}, {"auth": "scram-sha-256"}],
                "pg_hba": [
                    "host replication replicator 127.0.0.1/32 scram-sha-256",
                    "host all all 127.0.0.1/32 scram-sha-256",
                ],
            },
            "postgresql": {
                "listen": f"127.0.0.1:{node.pg_port}",
                "connect_address": f"127.0.0.1:{node.pg_port}",
                "data_dir": str(node.data),
                "bin_dir": str(bin_dir),
                "pgpass": str(self.root / f"pgpass-{node.name}"),
                "authentication": {
                    "replication": {"username": "replicator", "password": REPLICATION_PASSWORD},
                    "superuser": {"username": "postgres", "password": SUPERUSER_PASSWORD},
                },
                "parameters": {"unix_socket_directories": str(self.root)},
            },
        }
        return json.dumps(config, indent=1)

    @property
    def dsn(self) -> str:
        """Every node, the writes to the one that takes them (asyncpg tries them in turn)."""
        hosts = ",".join(f"127.0.0.1:{n.pg_port}" for n in self.nodes)
        return (
            f"postgresql://postgres:{SUPERUSER_PASSWORD}@{hosts}/postgres"
            "?target_session_attrs=read-write"
        )

    @property
    def read_dsn(self) -> str:
        """Every node, the reads to a standby while one is up (else the primary)."""
        return self.dsn.replace("read-write", "prefer-standby")

    def start(self, timeout: float = 120) -> PatroniCluster:
        """Launches the three nodes and waits for a leader with both standbys streaming; a
        cluster that does not get there is stopped before the error is raised."""
        for node in self.nodes:
            self._launch(node)
        try:
            self.wait_for_leader(timeout=timeout, replicas=2)
        except BaseException:
            self.stop()
            raise
        return self

    def _launch(self, node: Node) -> None:
        user = _server_user()
        command = [str(PATRONI), str(node.config)]
        if user is not None:
            command = ["runuser", "-u", user.name, "--", *command]
        LOG_DIR.mkdir(exist_ok=True)
        log = (LOG_DIR / f"patroni-{node.name}-{node.api_port}.log").open("ab")
        node.process = subprocess.Popen(
            command, cwd=self.root, stdout=log, stderr=log, start_new_session=True
        )

    def members(self) -> list[dict[str, object]]:
        for node in self.nodes:
            cluster = _get(f"{node.api}/cluster")
            if cluster is not None:
                members = cluster.get("members")
                if isinstance(members, list):
                    return members
        return []

    def leader(self) -> Node | None:
        running = [
            m for m in self.members() if m.get("role") == "leader" and m.get("state") == "running"
        ]
        names = {str(m["name"]) for m in running}
        return next((n for n in self.nodes if n.name in names), None)

    def wait_for_leader(
        self, timeout: float = 60, other_than: Node | None = None, replicas: int = 0
    ) -> Node:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            leader = self.leader()
            streaming = [
                m
                for m in self.members()
                if m.get("role") in ("replica", "sync_standby")
                and m.get("state") in ("running", "streaming")
            ]
            if leader is not None and leader is not other_than and len(streaming) >= replicas:
                return leader
            time.sleep(0.2)
        raise AssertionError(f"no leader in {timeout} s: {self.members()}")

    def kill_postmaster(self, node: Node) -> None:
        """The primary's PostgreSQL dies; its Patroni lives on (and restarts it)."""
        pid = int((node.data / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGKILL)

    def kill_node(self, node: Node) -> None:
        """The whole machine goes: Patroni and PostgreSQL at once."""
        assert node.process is not None
        postmaster = node.data / "postmaster.pid"
        pid = int(postmaster.read_text().split()[0]) if postmaster.exists() else None
        os.killpg(node.process.pid, signal.SIGKILL)
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        node.process.wait(10)

    def stop(self) -> None:
        for node in self.nodes:
            if node.process is not None and node.process.poll() is None:
                os.killpg(node.process.pid, signal.SIGKILL)
                node.process.wait(10)
            pidfile = node.data / "postmaster.pid"
            if pidfile.exists():
                with contextlib.suppress(ProcessLookupError, ValueError):
                    os.kill(int(pidfile.read_text().split()[0]), signal.SIGKILL)
        subprocess.run(["rm", "-rf", str(self.root)], check=False)
