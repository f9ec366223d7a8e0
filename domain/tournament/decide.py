"""What a torneio decides: its first fixtures, a game for a fixture (or a walkover), each
fixture's result, and then by itself the next round, the next stage or the champion.
Teams of two are decided here; players alone at tables in `tables`, a tournament of chips
in `chips` (this module hands them over).

Pure: the caller folds the torneio's stream into a `Tournament` and appends what this
answers, with the stream's version expected.
"""

from collections.abc import Sequence
from datetime import datetime

from domain.competitions.format import (
    AnyStage,
    GroupsStage,
    KnockoutStage,
    SwissStage,
    TournamentFormat,
)
from domain.errors import InvalidInput, WrongStatus
from domain.games import game_of
from domain.table import Team
from domain.tournament import chips
from domain.tournament import tables as at_tables
from domain.tournament.events import (
    FixtureDecided,
    FixtureGameAttached,
    FixtureGameCancelled,
    FixtureSpec,
    FixturesScheduled,
    StageCompleted,
    TournamentEvent,
    TournamentFinished,
)
from domain.tournament.pairings import (
    knockout,
    knockout_from_groups,
    next_round,
    round_robin,
    snake,
    swiss,
)
from domain.tournament.reservations import lapsed
from domain.tournament.standings import Result, Row, standings
from domain.tournament.state import Fixture, Tournament, evolve, fold

Pairs = list[tuple[int | None, int | None]]


def opening(tournament: Tournament, at: datetime) -> list[TournamentEvent]:
    """The first stage's fixtures, scheduled when the torneio is created."""
    if _format(tournament).chips is not None:
        return chips.opening(tournament, at)
    if _format(tournament).alone:
        return at_tables.opening(tournament, _sizes(tournament), at)
    return _stage_fixtures(tournament, 0, _first_pairs(tournament, 0), at)


def attach(
    tournament: Tournament,
    fixture_id: str,
    match_id: str,
    at: datetime,
    *,
    never_created: str | None = None,
) -> list[TournamentEvent]:
    """`never_created`: a game id the caller found without a single event."""
    freed = lapsed(tournament, fixture_id, never_created, at)
    fixture = _open(fold(tournament, freed), fixture_id)
    if fixture.status == "playing":
        raise WrongStatus(
            "fixture-has-game", f"fixture {fixture_id} has a game: {fixture.match_id}"
        )
    return [*freed, FixtureGameAttached(at=at, fixture_id=fixture_id, match_id=match_id)]


def cancel(tournament: Tournament, fixture_id: str, at: datetime) -> list[TournamentEvent]:
    fixture = _open(tournament, fixture_id)
    if fixture.match_id is None:
        raise WrongStatus("fixture-has-no-game", f"fixture {fixture_id} has no game to cancel")
    return [FixtureGameCancelled(at=at, fixture_id=fixture_id, match_id=fixture.match_id)]


def walkover(
    tournament: Tournament,
    fixture_id: str,
    absent: int | Sequence[int],
    at: datetime,
    *,
    never_created: str | None = None,
) -> list[TournamentEvent]:
    """The team that did not show up loses the fixture (its game, if any, cancelled first);
    at a table of players alone, several may be absent (G7). `never_created`: as for
    `attach`."""
    absentees = (absent,) if isinstance(absent, int) else tuple(absent)
    freed = lapsed(tournament, fixture_id, never_created, at)
    tournament = fold(tournament, freed)
    fixture = _open(tournament, fixture_id)
    if fixture.entrants:
        if fixture.table is not None:
            raise WrongStatus("table-of-chips", "at a table of chips, players go out broke")
        table = at_tables.table_walkover(tournament, fixture, absentees, _sizes(tournament), at)
        return [*freed, *table]
    if fixture.status == "playing":
        raise WrongStatus("fixture-has-game", f"fixture {fixture_id} has a game: cancel it first")
    if len(absentees) != 1:
        raise InvalidInput("invalid-command", "a fixture of two teams has one absent: it loses")
    (absent,) = absentees
    if absent not in fixture.teams:
        raise InvalidInput("not-the-fixtures-teams", f"team {absent} is not in {fixture_id}")
    winner = fixture.away if absent == fixture.home else fixture.home
    assert winner is not None  # a bye is decided when it is scheduled
    decided = FixtureDecided(
        at=at, fixture_id=fixture_id, winner=winner, match_id=None, walkover=True
    )
    return [*freed, decided, *progress(evolve(tournament, decided), at)]


def game_result(
    tournament: Tournament,
    fixture_id: str,
    match_id: str,
    winner: Team,
    hands: tuple[int, int],
    points: tuple[int, int],
    abandoned: bool,
    at: datetime,
) -> list[TournamentEvent]:
    """A fixture's confirmed game: team A of the game is the fixture's home team."""
    fixture = _open(tournament, fixture_id)
    if fixture.match_id != match_id:
        raise WrongStatus("not-the-fixtures-game", f"{match_id} is not {fixture_id}'s game")
    assert fixture.away is not None
    decided = FixtureDecided(
        at=at,
        fixture_id=fixture_id,
        winner=fixture.home if winner == "A" else fixture.away,
        match_id=match_id,
        hands=hands,
        points=points,
        abandoned=abandoned,
    )
    return [decided, *progress(evolve(tournament, decided), at)]


def table_game_result(
    tournament: Tournament,
    fixture_id: str,
    match_id: str,
    places: dict[int, int],
    abandoned: bool,
    at: datetime,
) -> list[TournamentEvent]:
    """A table's confirmed game, by each entrant's place at it."""
    fixture = _open(tournament, fixture_id)
    if fixture.match_id != match_id or not fixture.entrants:
        raise WrongStatus("not-the-fixtures-game", f"{match_id} is not {fixture_id}'s game")
    sizes = _sizes(tournament)
    return at_tables.table_result(tournament, fixture, match_id, places, abandoned, sizes, at)


def progress(tournament: Tournament, at: datetime) -> list[TournamentEvent]:
    """What follows once a fixture is decided: nothing while its round is in play; else
    the next round, the next stage, or the end."""
    stage = tournament.stage
    fixtures = tournament.of_stage(stage)
    if any(f.status != "decided" for f in fixtures):
        return []
    kind = _format(tournament).stages[stage]
    last_round = max(f.round for f in fixtures)
    if isinstance(kind, KnockoutStage):
        return _knockout_next(tournament, kind, last_round, at)
    if isinstance(kind, SwissStage) and last_round < kind.rounds:
        return _stage_fixtures(tournament, stage, _swiss_pairs(tournament), at, last_round + 1)
    return _stage_done(tournament, at)


def stage_standings(tournament: Tournament, stage: int) -> list[list[Row]]:
    """The standings of a stage, one table per group (a Swiss or knock-out: one table)."""
    if _format(tournament).chips is not None:
        return [chips.standings(tournament)]
    if _format(tournament).alone:
        return at_tables.stage_standings(tournament, stage)
    groups: dict[int | None, list[Fixture]] = {}
    for fixture in tournament.of_stage(stage):
        groups.setdefault(fixture.group, []).append(fixture)
    members = _group_members(tournament, stage)
    tables = []
    for group, teams in members.items():
        results = [_result(f) for f in groups.get(group, []) if f.status == "decided"]
        lot = [t for t in tournament.created.lot if t in teams] or list(teams)
        breakers = _format(tournament).tie_breakers
        tables.append(standings(teams, results, breakers, lot))
    return tables


def _group_members(tournament: Tournament, stage: int) -> dict[int | None, list[int]]:
    kind = _format(tournament).stages[stage]
    entered = list(tournament.entered[stage])
    if isinstance(kind, GroupsStage):
        return dict(enumerate(snake(entered, kind.groups)))
    return {None: entered}


def _result(fixture: Fixture) -> Result:
    return Result(
        home=fixture.home,
        away=fixture.away,
        winner=fixture.winner,
        hands=fixture.hands,
        points=fixture.points,
        walkover=fixture.walkover,
    )


def _first_pairs(tournament: Tournament, stage: int) -> dict[int | None, list[Pairs]]:
    """The rounds to schedule when a stage opens, by group: a round robin's every round, a
    Swiss's or a knock-out's first (seeded from the stage before when it had groups)."""
    kind = _format(tournament).stages[stage]
    entered = list(tournament.entered[stage])
    if isinstance(kind, GroupsStage):
        groups = snake(entered, kind.groups)
        return {
            g: [list(r) for r in round_robin(teams, kind.legs)] for g, teams in enumerate(groups)
        }
    if isinstance(kind, KnockoutStage):
        previous = _format(tournament).stages[stage - 1] if stage else None
        if isinstance(previous, GroupsStage):
            qualified = [
                [row.team for row in table[: previous.advance]]
                for table in stage_standings(tournament, stage - 1)
            ]
            return {None: [knockout_from_groups(qualified)]}
        return {None: [knockout(entered)]}
    return {None: [list(swiss(entered, dict.fromkeys(entered, 0.0), (), ()))]}


def _swiss_pairs(tournament: Tournament) -> dict[int | None, list[Pairs]]:
    stage = tournament.stage
    (table,) = stage_standings(tournament, stage)
    fixtures = tournament.of_stage(stage)
    met = {frozenset(f.teams) for f in fixtures if f.away is not None}
    byes = {f.home for f in fixtures if f.away is None}
    ranked = [row.team for row in table]
    scores = {row.team: float(row.won) for row in table}
    return {None: [list(swiss(ranked, scores, met, byes))]}


def _stage_fixtures(
    tournament: Tournament,
    stage: int,
    rounds_by_group: dict[int | None, list[Pairs]],
    at: datetime,
    first_round: int = 1,
) -> list[TournamentEvent]:
    """One FixturesScheduled per round, each fixture's id "<stage>.<round>.<n>" from 1."""
    events: list[TournamentEvent] = []
    count = max(len(rounds) for rounds in rounds_by_group.values())
    for offset in range(count):
        number = first_round + offset
        specs: list[FixtureSpec] = []
        for group, rounds in rounds_by_group.items():
            for home, away in rounds[offset] if offset < len(rounds) else []:
                home, away = (away, None) if home is None else (home, away)
                assert home is not None
                fixture_id = f"{stage + 1}.{number}.{len(specs) + 1}"
                specs.append(FixtureSpec(id=fixture_id, group=group, home=home, away=away))
        events.append(FixturesScheduled(at=at, stage=stage, round=number, fixtures=tuple(specs)))
    return events


def _knockout_next(
    tournament: Tournament, kind: KnockoutStage, last_round: int, at: datetime
) -> list[TournamentEvent]:
    stage = tournament.stage
    played = [f for f in tournament.of_stage(stage) if f.round == last_round]
    main = [f for f in played if not f.id.endswith("-3rd")]
    winners = [f.winner for f in main if f.winner is not None]
    if len(winners) == 1:
        return [_finished(tournament, winners[0], at)]
    events = _stage_fixtures(
        tournament, stage, {None: [list(next_round(winners))]}, at, last_round + 1
    )
    losers = [f.loser for f in main]
    if len(winners) == 2 and kind.third_place and all(loser is not None for loser in losers):
        (scheduled,) = events
        assert isinstance(scheduled, FixturesScheduled)
        third = FixtureSpec(
            id=f"{stage + 1}.{last_round + 1}-3rd",
            group=None,
            home=losers[0] or 0,
            away=losers[1],
        )
        events = [
            FixturesScheduled(
                at=at, stage=stage, round=last_round + 1, fixtures=(*scheduled.fixtures, third)
            )
        ]
    return events


def _stage_done(tournament: Tournament, at: datetime) -> list[TournamentEvent]:
    stage = tournament.stage
    stages = _format(tournament).stages
    tables = stage_standings(tournament, stage)
    if stage == len(stages) - 1:
        (table,) = tables
        return [_finished(tournament, table[0].team, at, [(r.team, r.place) for r in table])]
    qualified = _qualified(stages[stage], tables)
    completed = StageCompleted(at=at, stage=stage, qualified=tuple(qualified))
    after = evolve(tournament, completed)
    return [completed, *_stage_fixtures(after, stage + 1, _first_pairs(after, stage + 1), at)]


def _qualified(stage: AnyStage, tables: list[list[Row]]) -> list[int]:
    """Who goes through, seeded: the groups' winners first (group order), then the
    runners-up, ...; a Swiss's best in its order."""
    if isinstance(stage, GroupsStage):
        return [table[place].team for place in range(stage.advance) for table in tables]
    assert isinstance(stage, SwissStage)
    assert stage.advance is not None
    return [row.team for row in tables[0][: stage.advance]]


def _finished(
    tournament: Tournament,
    champion: int,
    at: datetime,
    final_places: list[tuple[int, int]] | None = None,
) -> TournamentFinished:
    places = final_places or _knockout_places(tournament, champion)
    placed = {team for team, _ in places}
    for stage in range(tournament.stage - 1, -1, -1):  # out in earlier stages: after them
        out = [t for t in tournament.entered[stage] if t not in placed]
        shared = len(placed) + 1
        places += [(team, shared) for team in out]
        placed |= set(out)
    return TournamentFinished(at=at, champion=champion, places=tuple(places))


def _knockout_places(tournament: Tournament, champion: int) -> list[tuple[int, int]]:
    """The champion 1st; then each team by the round it went out in (the third-place game
    decides 3rd and 4th): teams out in the same round share the place."""
    fixtures = [f for f in tournament.of_stage(tournament.stage) if f.away is not None]
    third = next((f for f in fixtures if f.id.endswith("-3rd")), None)
    out_in: dict[int, int] = {}
    for fixture in fixtures:
        if fixture is not third and fixture.loser is not None:
            out_in[fixture.loser] = fixture.round
    places = [(champion, 1)]
    ordered = sorted(out_in.items(), key=lambda item: -item[1])
    for team, round_ in ordered:
        further = 1 + sum(1 for r in out_in.values() if r > round_)
        places.append((team, further + 1))
    if third is not None and third.winner is not None and third.loser is not None:
        places = [(t, p) for t, p in places if t not in third.teams]
        places[1:1] = [(third.winner, 3), (third.loser, 4)]
    return sorted(places, key=lambda item: item[1])


def _open(tournament: Tournament, fixture_id: str) -> Fixture:
    if tournament.finished:
        raise WrongStatus("tournament-finished", "the torneio is over: it has its champion")
    fixture = tournament.fixture(fixture_id)
    if fixture is None:
        raise InvalidInput("unknown-fixture", f"the torneio has no fixture {fixture_id!r}")
    if fixture.status == "decided":
        raise WrongStatus("fixture-decided", f"fixture {fixture_id} is decided")
    return fixture


def _sizes(tournament: Tournament) -> tuple[int, ...]:
    """How many the torneio's game seats at a table."""
    return game_of(tournament.created.rules).seats


def _format(tournament: Tournament) -> TournamentFormat:
    format_ = tournament.created.format
    if format_ is None:
        raise ValueError("this torneio labels its games: the service does not run it")
    return format_
