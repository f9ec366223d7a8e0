"""What a torneio of players alone at tables decides: each stage's tables, a table's
result (its places), a walkover, and then by itself the next round, the next stage or the
champion with every entrant's final place (design.md, "Competitions for every game").

Pure, as `domain.tournament.decide`: the caller folds the stream and appends the answer.
"""

from collections.abc import Sequence
from datetime import datetime

from domain.competitions.alone import balanced, knockout_tables, table_sizes
from domain.competitions.format import GroupsStage, KnockoutStage, SwissStage, TournamentFormat
from domain.errors import InvalidInput, WrongStatus
from domain.tournament.events import (
    FixtureDecided,
    FixtureSpec,
    FixturesScheduled,
    StageCompleted,
    TournamentEvent,
    TournamentFinished,
)
from domain.tournament.seating import Seating, snake, swiss
from domain.tournament.standings import Row
from domain.tournament.state import Fixture, Tournament, evolve
from domain.tournament.table_standings import TableResult, table_standings


def format_of(tournament: Tournament) -> TournamentFormat:
    format_ = tournament.created.format
    assert format_ is not None
    assert format_.table is not None
    return format_


def opening(tournament: Tournament, sizes: tuple[int, ...], at: datetime) -> list[TournamentEvent]:
    return _open_stage(tournament, 0, sizes, at)


def table_result(
    tournament: Tournament,
    fixture: Fixture,
    match_id: str,
    places: dict[int, int],
    abandoned: bool,
    sizes: tuple[int, ...],
    at: datetime,
) -> list[TournamentEvent]:
    """A table's confirmed game: `places` each entrant's place at it."""
    if set(places) != set(fixture.entrants):
        raise InvalidInput("not-the-fixtures-teams", f"{match_id} is not {fixture.id}'s table")
    ordered = tuple(places[e] for e in fixture.entrants)
    winner = next(e for e in fixture.entrants if places[e] == 1)
    decided = FixtureDecided(
        at=at,
        fixture_id=fixture.id,
        winner=winner,
        match_id=match_id,
        abandoned=abandoned,
        places=ordered,
    )
    return [decided, *progress(evolve(tournament, decided), sizes, at)]


def table_walkover(
    tournament: Tournament,
    fixture: Fixture,
    absent: Sequence[int],
    sizes: tuple[int, ...],
    at: datetime,
) -> list[TournamentEvent]:
    """G7: the entrants who did not sit down share the table's last place (the first after
    those present, R7); those present share the first (the table is not played)."""
    if fixture.status == "playing":
        raise WrongStatus("fixture-has-game", f"fixture {fixture.id} has a game: cancel it first")
    strangers = [e for e in absent if e not in fixture.entrants]
    if strangers:
        raise InvalidInput(
            "not-the-fixtures-teams", f"entrant {strangers[0]} is not at {fixture.id}"
        )
    present = [e for e in fixture.entrants if e not in absent]
    if len(set(absent)) != len(absent) or not present:
        raise InvalidInput(
            "invalid-command", "each absent entrant once, and one entrant at least present"
        )
    last = len(present) + 1
    places = tuple(last if e in absent else 1 for e in fixture.entrants)
    winner = present[0]
    decided = FixtureDecided(
        at=at, fixture_id=fixture.id, winner=winner, match_id=None, walkover=True, places=places
    )
    return [decided, *progress(evolve(tournament, decided), sizes, at)]


def progress(tournament: Tournament, sizes: tuple[int, ...], at: datetime) -> list[TournamentEvent]:
    stage = tournament.stage
    fixtures = tournament.of_stage(stage)
    if any(f.status != "decided" for f in fixtures):
        return []
    kind = format_of(tournament).stages[stage]
    last_round = max(f.round for f in fixtures)
    if isinstance(kind, KnockoutStage):
        return _knockout_next(tournament, kind, last_round, sizes, at)
    if isinstance(kind, SwissStage) and last_round < kind.rounds:
        return _scheduled(stage, last_round + 1, [(None, _swiss_round(tournament, sizes))], at)
    return _stage_done(tournament, sizes, at)


def stage_standings(tournament: Tournament, stage: int) -> list[list[Row]]:
    """One table of standings per group (a Swiss or a knock-out: one)."""
    format_ = format_of(tournament)
    by_group: dict[int | None, list[int]] = {}
    for group, members in _members(tournament, stage).items():
        by_group[group] = members
    lot = tournament.created.lot or tuple(range(len(tournament.created.teams)))
    tables = []
    for group, members in by_group.items():
        results = [
            TableResult(f.entrants, f.places)
            for f in tournament.of_stage(stage)
            if f.group == group and f.status == "decided"
        ]
        tables.append(table_standings(members, results, format_.points, lot))
    return tables


def _members(tournament: Tournament, stage: int) -> dict[int | None, list[int]]:
    kind = format_of(tournament).stages[stage]
    entered = list(tournament.entered[stage])
    if isinstance(kind, GroupsStage):
        return dict(enumerate(list(t) for t in snake(entered, balanced(len(entered), kind.groups))))
    return {None: entered}


def _open_stage(
    tournament: Tournament, stage: int, sizes: tuple[int, ...], at: datetime
) -> list[TournamentEvent]:
    format_ = format_of(tournament)
    kind = format_.stages[stage]
    entered = list(tournament.entered[stage])
    if isinstance(kind, GroupsStage):
        groups = snake(entered, balanced(len(entered), kind.groups))
        return [
            event
            for number in range(1, kind.games + 1)
            for event in _scheduled(
                stage, number, [(g, [tuple(t)]) for g, t in enumerate(groups)], at
            )
        ]
    if isinstance(kind, KnockoutStage):
        return _scheduled(stage, 1, [(None, _knockout_seating(entered, format_, sizes))], at)
    if stage == 0:  # G3: the first round is cut from the drawn lot, the standing before it
        drawn = tournament.created.lot
        entered = [e for e in drawn if e in entered] + [e for e in entered if e not in drawn]
    seating = swiss(entered, table_sizes(len(entered), format_.table or 0, sizes), {}, set(), {})
    return _scheduled(stage, 1, [(None, seating)], at)


def _scheduled(
    stage: int, number: int, by_group: list[tuple[int | None, Seating]], at: datetime
) -> list[TournamentEvent]:
    specs: list[FixtureSpec] = []
    for group, seating in by_group:
        for table in seating:
            fixture_id = f"{stage + 1}.{number}.{len(specs) + 1}"
            specs.append(
                FixtureSpec(id=fixture_id, group=group, home=table[0], away=None, entrants=table)
            )
    return [FixturesScheduled(at=at, stage=stage, round=number, fixtures=tuple(specs))]


def _swiss_round(tournament: Tournament, sizes: tuple[int, ...]) -> Seating:
    stage = tournament.stage
    (rows,) = stage_standings(tournament, stage)
    fixtures = tournament.of_stage(stage)
    met: dict[frozenset[int], int] = {}
    byes: dict[int, int] = {}
    seen: set[frozenset[int]] = set()
    for fixture in fixtures:
        if len(fixture.entrants) == 1:
            byes[fixture.home] = byes.get(fixture.home, 0) + 1
            continue
        seen.add(frozenset(fixture.entrants))
        for a in fixture.entrants:
            for b in fixture.entrants:
                if a < b:
                    key = frozenset((a, b))
                    met[key] = met.get(key, 0) + 1
    ranked = [row.team for row in rows]
    table = format_of(tournament).table or 0
    return swiss(ranked, table_sizes(len(ranked), table, sizes), met, seen, byes)


def _knockout_seating(
    seeded: list[int], format_: TournamentFormat, sizes: tuple[int, ...]
) -> Seating:
    count = knockout_tables(len(seeded), format_.table or 0, min(sizes))
    return snake(seeded, balanced(len(seeded), count))


def _advancing(fixtures: list[Fixture], advance: int, seeds: list[int]) -> list[int]:
    """The top `advance` of each table (a tie at the cut: the better seed), seeded for the
    next round: every table's first, then every second, each by seed."""
    going: list[tuple[int, int, int]] = []
    for fixture in fixtures:
        ranked = sorted(
            zip(fixture.entrants, fixture.places, strict=True),
            key=lambda ep: (ep[1], seeds.index(ep[0])),
        )
        going += [(n, seeds.index(e), e) for n, (e, _) in enumerate(ranked[:advance])]
    return [e for _, _, e in sorted(going)]


def _knockout_next(
    tournament: Tournament,
    kind: KnockoutStage,
    last_round: int,
    sizes: tuple[int, ...],
    at: datetime,
) -> list[TournamentEvent]:
    stage = tournament.stage
    played = [f for f in tournament.of_stage(stage) if f.round == last_round]
    if len(played) == 1:
        return [_finished(tournament, at)]
    seeds = list(tournament.entered[stage])
    going = _advancing(played, kind.advance, seeds)
    seating = _knockout_seating(going, format_of(tournament), sizes)
    return _scheduled(stage, last_round + 1, [(None, seating)], at)


def _stage_done(
    tournament: Tournament, sizes: tuple[int, ...], at: datetime
) -> list[TournamentEvent]:
    stage = tournament.stage
    stages = format_of(tournament).stages
    tables = stage_standings(tournament, stage)
    if stage == len(stages) - 1:
        return [_finished(tournament, at)]
    kind = stages[stage]
    if isinstance(kind, GroupsStage):
        qualified = [t[p].team for p in range(kind.advance) for t in tables if p < len(t)]
    else:
        assert isinstance(kind, SwissStage)
        assert kind.advance is not None
        qualified = [row.team for row in tables[0][: kind.advance]]
    completed = StageCompleted(at=at, stage=stage, qualified=tuple(qualified))
    return [completed, *_open_stage(evolve(tournament, completed), stage + 1, sizes, at)]


def _finished(tournament: Tournament, at: datetime) -> TournamentFinished:
    """G10: the last stage's order (a knock-out: its final table by places, then by the round
    reached and the place at that table), then those out in earlier stages, each stage by
    its standing; equal results share the better place."""
    stage = tournament.stage
    kind = format_of(tournament).stages[stage]
    if isinstance(kind, KnockoutStage):
        ranks = _knockout_ranks(tournament, stage)
    else:
        ranks = [[row.team] for row in stage_standings(tournament, stage)[0]]
    for earlier in range(stage - 1, -1, -1):
        placed = {e for group in ranks for e in group}
        by_place: dict[int, list[int]] = {}
        for table in stage_standings(tournament, earlier):
            for row in table:
                if row.team not in placed:
                    by_place.setdefault(row.place, []).append(row.team)
        ranks += [by_place[p] for p in sorted(by_place)]
    places: list[tuple[int, int]] = []
    for group in ranks:
        better = len(places) + 1
        places += [(e, better) for e in group]
    return TournamentFinished(at=at, champion=places[0][0], places=tuple(places))


def _knockout_ranks(tournament: Tournament, stage: int) -> list[list[int]]:
    fixtures = tournament.of_stage(stage)
    last = max(f.round for f in fixtures)
    ranks: list[list[int]] = []
    placed: set[int] = set()
    for number in range(last, 0, -1):
        outcome: dict[int, list[int]] = {}
        for fixture in (f for f in fixtures if f.round == number):
            for entrant, place in zip(fixture.entrants, fixture.places, strict=True):
                if entrant not in placed:
                    outcome.setdefault(place, []).append(entrant)
        for place in sorted(outcome):
            ranks.append(outcome[place])
            placed |= set(outcome[place])
    return ranks
