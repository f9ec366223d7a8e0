"""The torneio aggregate: fixtures scheduled, games attached and cancelled, walkovers,
results, and the next round, stage or champion following by themselves."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from domain import DomainError
from domain.competitions import create_competition
from domain.competitions.format import (
    GroupsStage,
    KnockoutStage,
    SwissStage,
    TournamentFormat,
)
from domain.tournament.decide import attach, cancel, game_result, opening, walkover
from domain.tournament.events import (
    FixtureDecided,
    FixtureGameAttached,
    FixtureGameCancelled,
    StageCompleted,
    TournamentFinished,
)
from domain.tournament.reservations import RESERVATION_LAPSES, release
from domain.tournament.state import Tournament, fold, stage_label, started

AT = datetime(2025, 6, 1, 20, tzinfo=UTC)


def torneio(teams: int, *stages: GroupsStage | SwissStage | KnockoutStage) -> Tournament:
    created = create_competition(
        name="Copa",
        kind="torneio",
        preset="pontos",
        overrides={},
        organizers=["o"],
        teams=[[f"p{2 * t}", f"p{2 * t + 1}"] for t in range(teams)],
        actor="o",
        at=AT,
        format_=TournamentFormat(stages=stages),
        lot=list(range(teams)),
    )
    first = started(created)
    return fold(first, opening(first, AT))


def play(tournament: Tournament, fixture_id: str, home_wins: bool) -> Tournament:
    tournament = fold(tournament, attach(tournament, fixture_id, f"m-{fixture_id}", AT))
    return fold(
        tournament,
        game_result(
            tournament,
            fixture_id,
            f"m-{fixture_id}",
            "A" if home_wins else "B",
            (2, 1),
            (6, 3),
            False,
            AT,
        ),
    )


def play_out(tournament: Tournament, rng: random.Random) -> Tournament:
    while not tournament.finished:
        fixture = next(f for f in tournament.fixtures if f.status == "pending")
        tournament = play(tournament, fixture.id, rng.random() < 0.5)
    return tournament


def test_a_knockout_of_five_gives_byes_to_the_three_top_seeds() -> None:
    first = torneio(5, KnockoutStage())
    byes = [f.home for f in first.fixtures if f.away is None]
    assert sorted(byes) == [0, 1, 2]
    assert all(f.status == "decided" for f in first.fixtures if f.away is None)
    assert len([f for f in first.fixtures if f.away is not None]) == 1


@pytest.mark.parametrize("teams", [2, 3, 5, 8, 13, 16])
def test_a_knockout_plays_one_game_less_than_its_teams_to_one_champion(teams: int) -> None:
    done = play_out(torneio(teams, KnockoutStage()), random.Random(teams))
    games = [f for f in done.fixtures if f.away is not None]
    assert len(games) == teams - 1
    assert done.champion is not None
    assert [place for _, place in done.places][:2] == [1, 2]
    assert sorted(team for team, _ in done.places) == list(range(teams))


def test_the_third_place_game_decides_third_and_fourth() -> None:
    done = play_out(torneio(4, KnockoutStage(third_place=True)), random.Random(1))
    third = next(f for f in done.fixtures if f.id.endswith("-3rd"))
    assert dict(done.places)[third.winner or -1] == 3
    assert dict(done.places)[third.loser or -1] == 4
    assert stage_label(done, third) == "terceiro lugar"


def test_without_a_third_place_game_the_semifinal_losers_share_third() -> None:
    done = play_out(torneio(4, KnockoutStage()), random.Random(2))
    assert sorted(place for _, place in done.places) == [1, 2, 3, 3]


def test_groups_then_a_knockout_cross_the_groups_winners_and_runners_up() -> None:
    tournament = torneio(8, GroupsStage(groups=2, advance=2), KnockoutStage())
    assert len(tournament.fixtures) == 12
    assert {stage_label(tournament, f) for f in tournament.fixtures} == {"grupo A", "grupo B"}
    rng = random.Random(3)
    while tournament.stage == 0:
        fixture = next(f for f in tournament.fixtures if f.status == "pending")
        tournament = play(tournament, fixture.id, rng.random() < 0.5)
    semis = tournament.of_stage(1)
    assert len(semis) == 2
    assert {stage_label(tournament, f) for f in semis} == {"semifinal"}
    winners, runners_up = tournament.entered[1][:2], tournament.entered[1][2:]
    for fixture in semis:
        assert (fixture.home in winners) != (fixture.away in winners)
    assert set(runners_up) <= {f.away for f in semis} | {f.home for f in semis}


def test_a_swiss_stage_schedules_its_rounds_one_by_one_without_rematches() -> None:
    tournament = torneio(6, SwissStage(rounds=3))
    assert {f.round for f in tournament.fixtures} == {1}
    done = play_out(tournament, random.Random(4))
    pairs = [frozenset(f.teams) for f in done.fixtures]
    assert len(pairs) == len(set(pairs)) == 9
    assert done.champion == next(team for team, place in done.places if place == 1)


def test_a_walkover_gives_the_fixture_to_the_team_that_came() -> None:
    tournament = torneio(4, KnockoutStage())
    fixture = tournament.fixtures[0]
    assert fixture.away is not None
    (decided,) = walkover(tournament, fixture.id, fixture.home, AT)
    assert isinstance(decided, FixtureDecided)
    assert (decided.winner, decided.walkover, decided.match_id) == (fixture.away, True, None)


def test_a_fixture_with_a_game_takes_no_other_nor_a_walkover_until_it_is_cancelled() -> None:
    tournament = torneio(4, KnockoutStage())
    fixture = tournament.fixtures[0]
    playing = fold(tournament, attach(tournament, fixture.id, "m1", AT))
    with pytest.raises(DomainError) as another:
        attach(playing, fixture.id, "m2", AT)
    with pytest.raises(DomainError) as absent:
        walkover(playing, fixture.id, fixture.home, AT)
    assert another.value.code == absent.value.code == "fixture-has-game"
    free = fold(playing, cancel(playing, fixture.id, AT))
    assert (free.fixture(fixture.id) or fixture).status == "pending"
    with pytest.raises(DomainError) as caught:
        game_result(free, fixture.id, "m1", "A", (1, 0), (6, 0), False, AT)
    assert caught.value.code == "not-the-fixtures-game"


def test_a_decided_fixture_and_a_finished_torneio_refuse_everything() -> None:
    tournament = torneio(2, KnockoutStage())
    (fixture,) = tournament.fixtures
    events = game_result(
        fold(tournament, attach(tournament, fixture.id, "m", AT)),
        fixture.id,
        "m",
        "B",
        (0, 2),
        (2, 6),
        False,
        AT,
    )
    assert isinstance(events[-1], TournamentFinished)
    assert events[-1].champion == fixture.away
    done = fold(fold(tournament, attach(tournament, fixture.id, "m", AT)), events)
    with pytest.raises(DomainError) as caught:
        attach(done, fixture.id, "m2", AT)
    assert caught.value.code == "tournament-finished"


def test_an_unknown_fixture_is_refused() -> None:
    with pytest.raises(DomainError) as caught:
        attach(torneio(4, KnockoutStage()), "9.9.9", "m", AT)
    assert caught.value.code == "unknown-fixture"


def test_a_stage_completed_names_who_goes_through_in_seed_order() -> None:
    tournament = torneio(6, GroupsStage(groups=2, advance=1), KnockoutStage())
    rng = random.Random(5)
    events: list[object] = []
    while tournament.stage == 0:
        fixture = next(f for f in tournament.fixtures if f.status == "pending")
        tournament = fold(tournament, attach(tournament, fixture.id, f"m{fixture.id}", AT))
        new = game_result(
            tournament,
            fixture.id,
            f"m{fixture.id}",
            rng.choice("AB"),  # type: ignore[arg-type]
            (1, 1),
            (6, 5),
            False,
            AT,
        )
        events += new
        tournament = fold(tournament, new)
    (completed,) = [e for e in events if isinstance(e, StageCompleted)]
    assert len(completed.qualified) == 2
    assert tournament.entered[1] == completed.qualified


def test_a_fixture_whose_game_was_never_created_is_free_again_once_it_lapses() -> None:
    first = torneio(2, KnockoutStage())
    (final,) = first.fixtures
    taken = fold(first, attach(first, final.id, "ghost", AT))
    soon, later = AT + RESERVATION_LAPSES / 2, AT + RESERVATION_LAPSES
    with pytest.raises(DomainError, match="has a game"):  # maybe still being created
        attach(taken, final.id, "m-2", soon, never_created="ghost")
    with pytest.raises(DomainError, match="has a game"):  # the caller found it written
        attach(taken, final.id, "m-2", later)
    events = attach(taken, final.id, "m-2", later, never_created="ghost")
    assert [type(e) for e in events] == [FixtureGameCancelled, FixtureGameAttached]
    assert fold(taken, events).fixtures[0].match_id == "m-2"
    walked = fold(taken, walkover(taken, final.id, final.home, later, never_created="ghost"))
    assert walked.fixtures[0].walkover
    assert walked.champion == final.away


def test_a_game_that_failed_to_be_created_gives_its_fixture_back_only_while_it_holds_it() -> None:
    first = torneio(2, KnockoutStage())
    (final,) = first.fixtures
    taken = fold(first, attach(first, final.id, "failed", AT))
    freed = fold(taken, release(taken, final.id, "failed", AT))
    assert (freed.fixtures[0].status, freed.fixtures[0].match_id) == ("pending", None)
    retaken = fold(freed, attach(freed, final.id, "next", AT))
    assert release(retaken, final.id, "failed", AT) == []
    assert release(freed, final.id, "failed", AT) == []
