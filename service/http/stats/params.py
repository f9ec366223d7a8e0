"""The query and path parameters the statistics reads take."""

from __future__ import annotations

from typing import Annotated

from litestar.openapi.spec import OpenAPIFormat
from litestar.params import PathParameter, QueryParameter

from service.http.matches.schemas import GameName, PresetName

Since = Annotated[
    str | None,
    QueryParameter(
        format=OpenAPIFormat.DATE_TIME,
        max_length=40,
        description="Only games finished at or after this instant (RFC 3339, with a zone).",
    ),
]
Until = Annotated[
    str | None,
    QueryParameter(
        format=OpenAPIFormat.DATE_TIME,
        max_length=40,
        description="Only games finished before this instant (RFC 3339, with a zone).",
    ),
]
CompetitionParam = Annotated[
    str | None, QueryParameter(max_length=100, description="Only the games of this competition.")
]
StageParam = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=50,
        description='Only the games of this torneio stage ("grupo A", "final"); with '
        "`by=teams` and a competition, the stage's standings.",
    ),
]
PresetParam = Annotated[
    PresetName | None,
    QueryParameter(description="Only the games of this rule set (it names its game)."),
]
GameParam = Annotated[
    GameName | None,
    QueryParameter(description="Only the games of this game (dominoes by default)."),
]
PlayerIdPath = Annotated[str, PathParameter(description="The player's id.")]
SeasonParam = Annotated[
    str | None,
    QueryParameter(
        max_length=7,
        description="Only the games of this season (temporada), in Brazil's time: a month "
        '("2026-11") or a year ("2026"); not with `since` or `until`.',
    ),
]
