"""Who the client is, behind a reverse proxy: the address in `X-Forwarded-For` (and the
scheme in `X-Forwarded-Proto`), believed only from the proxies in `DOMINO_TRUSTED_PROXIES`.

uvicorn believes those headers from loopback by default, so anyone on the machine, or any
proxy that passes a client's header along, could pick the address the rate limits count
(25 registrations passed a limit of 20 that way). The service turns that off
(service/cli.py) and reads the headers here instead, inside the app, so that every layer
(the rate limits, the access log) sees one address, whatever server runs the app. The
rightmost address not of a trusted proxy is the client's, as uvicorn's own middleware
reads it (and it is that middleware, given only the configured proxies).
"""

from __future__ import annotations

from typing import Any, cast

from litestar.types import ASGIApp
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware


def forwarded_for(app: ASGIApp, trusted_proxies: tuple[str, ...]) -> ASGIApp:
    """`app`, seeing the client a trusted proxy forwards for (only a trusted one)."""
    # uvicorn's ASGI types and Litestar's name the same protocol apart.
    trusting = ProxyHeadersMiddleware(cast(Any, app), list(trusted_proxies))
    return cast(ASGIApp, trusting)
