"""The embedded PostgreSQL kept running by the command that started it.

When the postmaster dies (killed, or taken by the kernel's out-of-memory killer), the
supervisor starts it again on the same port, with a growing pause between failed tries
(old backends may still hold the shared memory for a moment). PostgreSQL's own crash
recovery replays the WAL at that start, so every committed transaction is back; the
service's pool meanwhile answers 503 and reconnects by itself. What happened is written to a
small JSON file that `/health` shows, from every worker.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta

from service.store.embedded import EmbeddedPostgres, EmbeddedPostgresError

STATUS_VARIABLE = "DOMINO_EMBEDDED_STATUS"
"""Where `/health` finds the supervisor's status file (set by `domino serve`)."""

log = logging.getLogger("domino.supervisor")


class SupervisorStatus(msgspec.Struct, kw_only=True):
    state: Annotated[str, Meta(description='"running" or "restarting".')] = "running"
    restarts: Annotated[int, Meta(description="Times it was started again after it died.")] = 0
    last_exit_at: Annotated[
        datetime | None, Meta(description="When the server was last found dead.")
    ] = None
    last_restart_at: Annotated[
        datetime | None, Meta(description="When it last accepted connections again.")
    ] = None
    last_recovery_seconds: Annotated[
        float | None, Meta(description="From found dead to accepting connections, last time.")
    ] = None
    last_error: Annotated[
        str | None, Meta(description="Why the last try to start it failed, while restarting.")
    ] = None


class Supervisor:
    def __init__(
        self,
        server: EmbeddedPostgres,
        status_file: Path,
        *,
        check_every: float = 0.25,
        first_pause: float = 0.5,
        longest_pause: float = 30.0,
    ) -> None:
        self.server = server
        self.status_file = status_file
        self.status = SupervisorStatus()
        self._check_every = check_every
        self._first_pause = first_pause
        self._longest_pause = longest_pause
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="pg-supervisor", daemon=True)

    def start(self) -> Supervisor:
        self._write()
        self._thread.start()
        return self

    def stop(self) -> None:
        """Before the server is stopped on purpose: never restart it then."""
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout=90)
        self.status_file.unlink(missing_ok=True)

    def _watch(self) -> None:
        while not self._stopping.wait(self._check_every):
            if not self.server.is_running():
                self._restart()

    def _restart(self) -> None:
        found_dead = time.monotonic()
        self.status.state = "restarting"
        self.status.last_exit_at = datetime.now(UTC)
        self._write()
        log.error("embedded PostgreSQL exited; starting it again (crash recovery)")
        pause = self._first_pause
        while not self._stopping.is_set():
            try:
                self.server.restart()
            except (EmbeddedPostgresError, OSError) as error:
                self.status.last_error = _last_line(error)
                self._write()
                log.warning("restart failed (%s); next try in %.1f s", _last_line(error), pause)
                self._stopping.wait(pause)
                pause = min(pause * 2, self._longest_pause)
                continue
            self.status.state = "running"
            self.status.restarts += 1
            self.status.last_restart_at = datetime.now(UTC)
            self.status.last_recovery_seconds = round(time.monotonic() - found_dead, 3)
            self.status.last_error = None
            self._write()
            log.info(
                "embedded PostgreSQL running again on 127.0.0.1:%s after %.1f s",
                self.server.port,
                self.status.last_recovery_seconds,
            )
            return

    def _write(self) -> None:
        partial = self.status_file.with_suffix(".partial")
        partial.write_bytes(msgspec.json.encode(self.status))
        os.replace(partial, self.status_file)


def _last_line(error: Exception) -> str:
    """PostgreSQL's own reason is the last line of what pg_ctl and its log said (say, old
    backends still holding the shared memory)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[-1] if lines else type(error).__name__


def read_status(path: str | None) -> SupervisorStatus | None:
    """The supervisor's last word, or None when no supervisor runs for this service."""
    if not path:
        return None
    try:
        return msgspec.json.decode(Path(path).read_bytes(), type=SupervisorStatus)
    except (OSError, msgspec.DecodeError):
        return None
