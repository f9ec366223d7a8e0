"""The query parameters of the lists (service/reads/directory): filters and pages."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar.params import QueryParameter

StatusFilter = Annotated[
    Literal["in_progress", "finished", "confirmed", "cancelled", "disputed", "annulled", "stale"]
    | None,
    QueryParameter(
        description="Only games in this state (stale: finished, unconfirmed for longer "
        "than DOMINO_DISPUTE_DAYS)."
    ),
]
_UUID = r"^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$"
PlayerFilter = Annotated[
    str | None, QueryParameter(pattern=_UUID, description="Only games this player sits in.")
]
StageFilter = Annotated[
    str | None,
    QueryParameter(min_length=1, max_length=50, description="Only games of this torneio stage."),
]
CompetitionFilter = Annotated[
    str | None, QueryParameter(pattern=_UUID, description="Only this competition's games.")
]
Limit = Annotated[int, QueryParameter(ge=1, le=500, description="Page size.")]
Offset = Annotated[int, QueryParameter(ge=0, le=1_000_000, description="Skip this many.")]
NameFilter = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=100,
        description="Only players whose name contains this text, in any case and with or "
        "without accents (tiao finds Tião).",
    ),
]
KindFilter = Annotated[
    Literal["amistoso", "torneio"] | None,
    QueryParameter(description="Only competitions of this kind."),
]
