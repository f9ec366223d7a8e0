"""Debian's Chromium, headless, driven by Playwright, and a watch on each page for console
errors, failed requests and requests to any other host (the machine has no internet)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.async_api import ConsoleMessage, Page, Request, Response

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


@dataclass
class Watch:
    """What went wrong while a page loaded and was used."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.console_errors.append(str(error)))
        page.on("requestfailed", self._request_failed)
        page.on("response", self._response)
        page.on("request", self._request)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _request_failed(self, request: Request) -> None:
        self.failed.append(f"{request.url}: {request.failure}")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url}: {response.status}")

    def _request(self, request: Request) -> None:
        url = urlsplit(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and (
            f"{url.scheme}://{url.netloc}" != self.origin
        ):
            self.elsewhere.append(request.url)

    def clean(self) -> bool:
        return not (self.console_errors or self.failed or self.elsewhere)

    def __str__(self) -> str:
        return f"console: {self.console_errors}; failed: {self.failed}; elsewhere: {self.elsewhere}"
