"""A torneio's format, said once when it is created: its stages, in order, and the
tie-breakers of its standings (design.md, "Tournaments")."""

from typing import Annotated, Literal, get_args

import msgspec
from msgspec import Meta

from domain.errors import InvalidInput

TieBreaker = Literal[
    "head_to_head",
    "hands_difference",
    "points_difference",
    "games_won",
    "buchholz",
    "sonneborn_berger",
]
TIE_BREAKERS: tuple[str, ...] = get_args(TieBreaker)
DEFAULT_TIE_BREAKERS: tuple[TieBreaker, ...] = (
    "head_to_head",
    "hands_difference",
    "points_difference",
    "games_won",
    "buchholz",
    "sonneborn_berger",
)


class Stage(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind"):
    pass


class GroupsStage(Stage, frozen=True, kw_only=True, tag="groups"):
    """A round robin in each group; teams seeded into the groups in snake order."""

    groups: Annotated[int, Meta(ge=1, le=32)] = 1
    advance: Annotated[int, Meta(ge=1, le=64)] = 2
    """How many of each group go through to the next stage."""
    legs: Annotated[int, Meta(ge=1, le=2)] = 1
    games: Annotated[int, Meta(ge=1, le=20)] = 1
    """Tables of players alone: the games each group's table plays."""


class SwissStage(Stage, frozen=True, kw_only=True, tag="swiss"):
    rounds: Annotated[int, Meta(ge=1, le=20)]
    advance: Annotated[int, Meta(ge=2, le=256)] | None = None
    """How many go through to the next stage (the stage's last one: none)."""


class KnockoutStage(Stage, frozen=True, kw_only=True, tag="knockout"):
    third_place: bool = False
    advance: Annotated[int, Meta(ge=1, le=7)] = 1
    """Tables of players alone: the top k of each table go on."""


class Level(msgspec.Struct, frozen=True, kw_only=True):
    """A tournament of chips' level: its forced bets for this many hands dealt at a table
    (the last level lasts for ever). The pingo (an ante) rides on `small_blind`, its
    minimum bet on `big_blind`."""

    hands: Annotated[int, Meta(ge=1, le=1000)]
    small_blind: Annotated[int, Meta(ge=0, le=1_000_000_000)]
    big_blind: Annotated[int, Meta(ge=0, le=1_000_000_000)]


CHIPS_KIND = "poker"
"""The stage kind of a tournament of chips (design.md): a betting game's."""


class ChipsStage(Stage, frozen=True, kw_only=True, tag=CHIPS_KIND):
    """A tournament of chips (design.md, "Competitions for every game"): its only stage."""

    stack: Annotated[int, Meta(ge=1, le=1_000_000_000)]
    table: Annotated[int, Meta(ge=2, le=8)]
    levels: tuple[Level, ...]
    prizes: tuple[Annotated[int, Meta(ge=0, le=1_000_000_000)], ...] = ()


AnyStage = GroupsStage | SwissStage | KnockoutStage | ChipsStage


class TournamentFormat(msgspec.Struct, frozen=True, kw_only=True):
    stages: tuple[AnyStage, ...]
    tie_breakers: tuple[TieBreaker, ...] = DEFAULT_TIE_BREAKERS
    table: Annotated[int, Meta(ge=2, le=8)] | None = None
    """Tables of players alone: how many sit at a table (None: pairs, two sides)."""
    points_by_place: tuple[Annotated[int, Meta(ge=0, le=1000)], ...] | None = None
    """Tables of players alone: the points of each place, first first (default: the
    table's size less one, down to 0)."""

    @property
    def alone(self) -> bool:
        """Entrants play alone at tables (a tournament of chips, or `table` said)."""
        return self.table is not None or self.chips is not None

    @property
    def chips(self) -> ChipsStage | None:
        first = self.stages[0] if self.stages else None
        return first if isinstance(first, ChipsStage) else None

    def points(self, place: int) -> int:
        """What a place at a table scores (1 = first)."""
        size = self.table or 2
        scale = self.points_by_place or tuple(range(size - 1, -1, -1))
        return scale[place - 1] if place <= len(scale) else 0


def check_format(format_: TournamentFormat, teams: int) -> None:
    """Refuse (`invalid-format`) a format that cannot take these teams to one champion."""
    if not format_.stages:
        raise InvalidInput("invalid-format", "a format has one stage or more")
    if format_.alone:
        return  # tables of players alone: domain.tournament.tables.rules checks them
    if any(isinstance(stage, ChipsStage) for stage in format_.stages):
        raise InvalidInput("invalid-format", "a tournament of chips is a stage of its own")
    if len(set(format_.tie_breakers)) != len(format_.tie_breakers):
        raise InvalidInput("invalid-format", "each tie-breaker is named once")
    entering = teams
    for number, stage in enumerate(format_.stages, start=1):
        last = number == len(format_.stages)
        entering = _teams_after(stage, entering, number, last)


def _teams_after(stage: AnyStage, entering: int, number: int, last: bool) -> int:
    """How many teams go through stage `number` (its checks on the way)."""
    if entering < 2:
        raise InvalidInput("invalid-format", f"stage {number} needs two teams or more")
    if isinstance(stage, KnockoutStage):
        if not last:
            raise InvalidInput("invalid-format", "a knock-out is the last stage")
        return 1
    if isinstance(stage, GroupsStage):
        if entering < 2 * stage.groups:
            raise InvalidInput(
                "invalid-format", f"stage {number}: {stage.groups} groups need two teams each"
            )
        if last:
            if stage.groups != 1:
                raise InvalidInput(
                    "invalid-format", "groups end a torneio only as one group (else: a knock-out)"
                )
            return 1
        if stage.advance >= entering // stage.groups:
            raise InvalidInput(
                "invalid-format", f"stage {number}: fewer than each group's teams go through"
            )
        return stage.groups * stage.advance
    assert isinstance(stage, SwissStage)
    if stage.rounds >= entering:
        raise InvalidInput(
            "invalid-format", f"stage {number}: {entering} teams play fewer Swiss rounds than that"
        )
    if last:
        return 1
    if stage.advance is None or stage.advance >= entering:
        raise InvalidInput(
            "invalid-format", f"stage {number}: say how many of the Swiss go through (advance)"
        )
    return stage.advance


def check_prizes(prizes: dict[str, str], teams: int) -> dict[str, str]:
    """Places ("1", "2", ...) to the prize's text, decided before the torneio starts."""
    for place, text in prizes.items():
        if not (place.isdigit() and 1 <= int(place) <= teams):
            raise InvalidInput("invalid-format", f"a prize is for a place 1 to {teams}: {place!r}")
        if not 1 <= len(text.strip()) <= 200:
            raise InvalidInput("invalid-format", "a prize is told in 1 to 200 characters")
    return {place: text.strip() for place, text in sorted(prizes.items(), key=lambda p: int(p[0]))}
