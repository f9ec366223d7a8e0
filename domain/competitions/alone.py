"""A torneio of players alone at tables of the game's size, and a tournament of chips: the
format checked against the game's table once, when it is created (design.md,
"Competitions for every game"). Every refusal is `invalid-format` and changes nothing."""

from collections.abc import Sequence
from itertools import pairwise

from domain.competitions.format import (
    ChipsStage,
    GroupsStage,
    KnockoutStage,
    SwissStage,
    TournamentFormat,
)
from domain.errors import InvalidInput


def _refuse(why: str) -> InvalidInput:
    return InvalidInput("invalid-format", why)


def table_sizes(entrants: int, table: int, sizes: Sequence[int]) -> list[int]:
    """A Swiss round's tables: as many full tables as fit; what is left sits at a table
    of its own when the game seats that many, and else has byes (one table of one each)."""
    full, rest = divmod(entrants, table)
    tables = [table] * full
    if rest and rest in sizes:
        return [*tables, rest]
    return tables + [1] * rest


def balanced(entrants: int, tables: int) -> list[int]:
    """`entrants` over `tables` tables, the sizes differing by one at most, larger first."""
    size, rest = divmod(entrants, tables)
    return [size + 1] * rest + [size] * (tables - rest)


def knockout_tables(entrants: int, table: int, least: int) -> int:
    """How many tables a knock-out round seats: ceil(r / table), and one final table when
    fewer remain than two tables of the game's minimum."""
    if entrants < 2 * least:
        return 1
    return max(1, -(-entrants // table))


def check_alone(format_: TournamentFormat, entrants: int, sizes: Sequence[int]) -> None:
    """The format fits `entrants` players alone at the game's tables (`sizes`)."""
    chips = format_.chips
    if chips is not None:
        _check_chips(format_, chips, entrants, sizes)
        return
    table = format_.table
    assert table is not None
    if table not in sizes:
        raise _refuse(f"this game seats {', '.join(map(str, sizes))}: not a table of {table}")
    points = format_.points_by_place or ()
    if any(a < b for a, b in pairwise(points)):
        raise _refuse("points_by_place go down from the first place")
    entering = entrants
    for number, stage in enumerate(format_.stages, start=1):
        last = number == len(format_.stages)
        entering = _after(stage, entering, number, last, table, sizes)


def _after(
    stage: object, entering: int, number: int, last: bool, table: int, sizes: Sequence[int]
) -> int:
    if entering < min(sizes):
        raise _refuse(f"stage {number}: {entering} players fill no table of this game")
    if isinstance(stage, ChipsStage):
        raise _refuse("a tournament of chips is a stage of its own")
    if isinstance(stage, KnockoutStage):
        if not last:
            raise _refuse("a knock-out is the last stage")
        _check_knockout(stage, entering, table, sizes)
        return 1
    if isinstance(stage, GroupsStage):
        groups = balanced(entering, stage.groups)
        if any(size not in sizes for size in groups):
            raise _refuse(f"stage {number}: groups of {groups} are not tables of this game")
        if last:
            if stage.groups != 1:
                raise _refuse("groups end a torneio only as one group (else: a knock-out)")
            return 1
        if stage.advance >= min(groups):
            raise _refuse(f"stage {number}: fewer than each group's players go through")
        return stage.groups * stage.advance
    assert isinstance(stage, SwissStage)
    if entering < table:
        raise _refuse(f"stage {number}: {entering} players fill no table of {table}")
    if last:
        return 1
    if stage.advance is None or stage.advance >= entering:
        raise _refuse(f"stage {number}: say how many of the Swiss go through (advance)")
    return stage.advance


def _check_knockout(stage: KnockoutStage, entering: int, table: int, sizes: Sequence[int]) -> None:
    """Every round seats tables of this game and sends fewer on, to a final table."""
    left = entering
    while True:
        tables = knockout_tables(left, table, min(sizes))
        seated = balanced(left, tables)
        if any(size not in sizes for size in seated):
            raise _refuse(f"a knock-out round of {left} seats tables of {seated}: not this game's")
        if tables == 1:
            return
        if stage.advance >= min(seated):
            raise _refuse(f"a knock-out round's tables of {min(seated)} send {stage.advance} on")
        left = tables * stage.advance


def _check_chips(
    format_: TournamentFormat, stage: ChipsStage, entrants: int, sizes: Sequence[int]
) -> None:
    if len(format_.stages) != 1:
        raise _refuse("a tournament of chips is a stage of its own")
    if stage.table not in sizes or entrants < 2:
        raise _refuse(f"its tables seat 2 to {max(sizes)}, and two players or more enter")
    if not stage.levels:
        raise _refuse("a tournament of chips has one level or more")
    if any(level.big_blind < level.small_blind for level in stage.levels):
        raise _refuse("a level's big blind (or minimum bet) is not below its small one")
    if len(stage.prizes) > entrants:
        raise _refuse(f"prizes for {len(stage.prizes)} places, and {entrants} players enter")
