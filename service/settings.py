"""Settings, read once from the environment when the service starts."""

from __future__ import annotations

import ipaddress
import logging.config
import math
import os
from pathlib import Path
from typing import Any

import msgspec

from service.http.web.rate_buckets import Rate


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    database_url: str | None = None  # the schema owner's DSN; None: embedded PostgreSQL
    data_dir: Path = Path(".domino")
    bootstrap_token: str | None = None  # accepted as an administrator's token
    app_password: str | None = None  # the service role's password; None: generated once
    pool_size: int = 10
    stale_after: float = 60.0  # seconds an event may wait to be folded before /health says so
    token_days: float | None = 365.0  # a player's token works this long; None: forever
    read_url: str | None = None  # a streaming standby's DSN: reads go there (service/store/reads)
    read_max_lag: float = 5.0  # seconds a replica may lag before reads leave it
    read_wait: float = 1.0  # seconds a read waits for the replica to reach its Domino-Read-After
    cors_origins: tuple[str, ...] = ()  # origins whose browsers may write; any may read
    # Rate limits (service/http/web/rate_limits.py); None: none. Made in code (tests), none are
    # set; the service reads DOMINO_RATE_* with the defaults of from_environment.
    rate_writes_per_token: Rate | None = None
    rate_writes_per_address: Rate | None = None
    rate_registrations_per_address: Rate | None = None
    rate_writes_per_player: Rate | None = None  # across the player's tokens
    rate_refused_per_address: Rate | None = None  # writes refused for want of a valid token
    max_tokens_per_player: int | None = None  # live tokens a player may hold; None: any
    trusted_proxies: tuple[str, ...] = ()  # addresses or networks whose X-Forwarded-For counts
    header_timeout: float = 10.0  # seconds a request's headers may take to arrive
    body_timeout: float = 10.0  # seconds between two parts of a request's body
    max_connections: int | None = 1000  # open connections per process; past it, 503
    dispute_days: float = 7.0  # a confirmed game may be disputed this long; unconfirmed: stale
    erasure_list: Path | None = None  # erasures written down outside the database, replayed
    # at start (service/http/players/erasure.py); from the environment: DOMINO_ERASURE_LIST,
    # else <data dir>/erasures.ndjson
    fingerprint_key_file: Path | None = None  # the key sealing requests' fingerprints, kept
    # outside the database (service/store/fingerprint_key.py), made there when missing;
    # None: a key of the process's own. From the environment: DOMINO_FINGERPRINT_KEY_FILE,
    # else <data dir>/fingerprint.key

    @classmethod
    def from_environment(cls) -> Settings:
        env = os.environ
        data_dir = Path(env.get("DOMINO_DATA_DIR") or ".domino")
        return cls(
            database_url=env.get("DATABASE_URL") or None,
            data_dir=data_dir,
            bootstrap_token=env.get("DOMINO_BOOTSTRAP_TOKEN") or None,
            app_password=env.get("DOMINO_APP_PASSWORD") or None,
            pool_size=int(env.get("DOMINO_POOL_SIZE") or 10),
            stale_after=float(env.get("DOMINO_STALE_AFTER") or 60),
            token_days=_days(env.get("DOMINO_TOKEN_DAYS") or "365"),
            read_url=env.get("DOMINO_READ_URL") or None,
            read_max_lag=_seconds("DOMINO_READ_MAX_LAG", env.get("DOMINO_READ_MAX_LAG") or "5"),
            read_wait=_seconds("DOMINO_READ_WAIT", env.get("DOMINO_READ_WAIT") or "1"),
            cors_origins=tuple(
                o.strip().rstrip("/")
                for o in env.get("DOMINO_CORS_ORIGINS", "").split(",")
                if o.strip()
            ),
            rate_writes_per_token=_rate(env, "DOMINO_RATE_WRITES_PER_TOKEN", "300/minute"),
            rate_writes_per_address=_rate(env, "DOMINO_RATE_WRITES_PER_ADDRESS", "1200/minute"),
            rate_registrations_per_address=_rate(
                env, "DOMINO_RATE_REGISTRATIONS_PER_ADDRESS", "20/hour"
            ),
            rate_writes_per_player=_rate(env, "DOMINO_RATE_WRITES_PER_PLAYER", "300/minute"),
            rate_refused_per_address=_rate(env, "DOMINO_RATE_REFUSED_PER_ADDRESS", "60/minute"),
            max_tokens_per_player=_count(
                "DOMINO_MAX_TOKENS_PER_PLAYER", env.get("DOMINO_MAX_TOKENS_PER_PLAYER") or "10"
            ),
            trusted_proxies=_networks(
                "DOMINO_TRUSTED_PROXIES", env.get("DOMINO_TRUSTED_PROXIES") or ""
            ),
            header_timeout=_deadline(
                "DOMINO_HEADER_TIMEOUT", env.get("DOMINO_HEADER_TIMEOUT") or "10"
            ),
            body_timeout=_deadline("DOMINO_BODY_TIMEOUT", env.get("DOMINO_BODY_TIMEOUT") or "10"),
            max_connections=_count(
                "DOMINO_MAX_CONNECTIONS", env.get("DOMINO_MAX_CONNECTIONS") or "1000"
            ),
            dispute_days=_dispute_days(env.get("DOMINO_DISPUTE_DAYS") or "7"),
            erasure_list=Path(env.get("DOMINO_ERASURE_LIST") or data_dir / "erasures.ndjson"),
            fingerprint_key_file=Path(
                env.get("DOMINO_FINGERPRINT_KEY_FILE") or data_dir / "fingerprint.key"
            ),
        )


def _rate(env: os._Environ[str], variable: str, default: str) -> Rate | None:
    return Rate.parse(env.get(variable) or default, variable)


def _count(variable: str, text: str) -> int | None:
    """A positive whole number; `off`: no limit."""
    if text.strip().lower() == "off":
        return None
    if not (text.strip().isdigit() and int(text) >= 1):
        raise ValueError(f"{variable} must be a whole number from 1, or off, not {text!r}")
    return int(text)


def _networks(variable: str, text: str) -> tuple[str, ...]:
    """Comma-separated IP addresses or networks (`10.0.0.0/8`), each checked now: a typo
    must not leave a proxy untrusted, or trust what it did not mean to."""
    found = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        try:
            found.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(
                f"{variable} must list IP addresses or networks (10.0.0.0/8), not {item!r}"
            ) from None
    return tuple(found)


def _deadline(variable: str, text: str) -> float:
    """Seconds, more than none: a deadline of 0 would close every connection at once."""
    seconds = _seconds(variable, text)
    if seconds <= 0:
        raise ValueError(f"{variable} must be a number of seconds over 0, to 3600, not {text!r}")
    return seconds


def _seconds(variable: str, text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= 3600:  # also refuses nan
        raise ValueError(f"{variable} must be a number of seconds from 0 to 3600, not {text!r}")
    return seconds


MAX_TOKEN_DAYS = 36_500.0  # a century; beyond, expiry times leave what asyncpg can read


def _dispute_days(text: str) -> float:
    try:
        days = float(text)
    except ValueError:
        days = math.nan
    if not 0 < days <= MAX_TOKEN_DAYS:  # also refuses nan
        raise ValueError(f"DOMINO_DISPUTE_DAYS must be a number of days above 0, not {text!r}")
    return days


def _days(text: str) -> float | None:
    """`0` or `never`: tokens do not expire."""
    if text.strip().lower() == "never":
        return None
    try:
        days = float(text)
    except ValueError:
        days = math.nan
    if not 0 <= days <= MAX_TOKEN_DAYS:  # also refuses nan
        raise ValueError(
            f"DOMINO_TOKEN_DAYS must be a number of days from 0 to {MAX_TOKEN_DAYS:.0f},"
            f" or never, not {text!r}"
        )
    return days or None


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
"""One format for every line: `domino` commands, uvicorn, Litestar and each worker."""


def log_config() -> dict[str, Any]:
    """The logging configuration of every process; uvicorn applies it in each worker."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"standard": {"format": LOG_FORMAT}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "standard",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"level": "INFO", "handlers": ["stderr"]},
        "loggers": {
            name: {"handlers": [], "propagate": True}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
        },
    }


def configure_logging() -> None:
    """The service's log lines, alike in every process (`domino` commands and workers)."""
    logging.config.dictConfig(log_config())
