"""Public pages in pt-BR, rendered by the service (Jinja2) from the same reads as the JSON
API: home, ranking board, records, player, game (súmula, hash chain, replay), competition, what
is kept about a player (privacidade). Not part
of the API's document. Wire `PAGES` into the app's route handlers and `TEMPLATES` as its
template config."""

from __future__ import annotations

from pathlib import Path

from litestar import Router

from service.pages.competitions import CompetitionPage
from service.pages.errors import PAGE_ERRORS
from service.pages.home import HomePage
from service.pages.matches import MatchPage
from service.pages.players import PlayerPage
from service.pages.privacy import PrivacyPage
from service.pages.ranking import RankingPage
from service.pages.records import RecordsPage
from service.pages.reports import ReportPages
from service.pages.templating import TEMPLATES
from service.static_files import static_files_router

STATIC = "/estatico"

PAGES = [
    Router(
        path="/",
        route_handlers=[
            HomePage,
            RankingPage,
            RecordsPage,
            PlayerPage,
            MatchPage,
            CompetitionPage,
            ReportPages,
            PrivacyPage,
        ],
        exception_handlers=PAGE_ERRORS,
        include_in_schema=False,
    ),
    static_files_router(STATIC, Path(__file__).parent / "static"),
]

__all__ = ["PAGES", "STATIC", "TEMPLATES"]
