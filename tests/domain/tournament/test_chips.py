"""A tournament of chips (design.md, "Competitions for every game"): tables seated by the
lot, levels by the hands dealt at a table, players out with their places, tables balanced
and merged, the final table to one player with every chip."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import DomainError
from domain.competitions import create_competition
from domain.competitions.format import ChipsStage, Level, TournamentFormat
from domain.tournament.chips import hand, open_tables, still_in
from domain.tournament.decide import attach, opening
from domain.tournament.events import (
    TOURNAMENT_DECODER,
    PlayerOut,
    TableHandPlayed,
    TableMoved,
    TournamentEvent,
)
from domain.tournament.state import Tournament, fold, started

AT = datetime(2026, 11, 1, 21, tzinfo=UTC)
UPSIDE_DOWN = Level(hands=1, small_blind=20, big_blind=10)
TOO_SMALL = Level(hands=1, small_blind=0, big_blind=1)  # Hold'em's big blind is 2 or more
LEVELS = (
    Level(hands=3, small_blind=10, big_blind=20),
    Level(hands=3, small_blind=25, big_blind=50),
    Level(hands=3, small_blind=50, big_blind=100),
)


def tournament_of(players: int, table: int = 6, preset: str = "texas-holdem") -> Tournament:
    created = create_competition(
        name="Torneio de sexta",
        kind="torneio",
        preset=preset,
        overrides={},
        organizers=["o"],
        teams=[[f"p{n}"] for n in range(players)],
        actor="o",
        at=AT,
        format_=TournamentFormat(
            stages=(ChipsStage(stack=1000, table=table, levels=LEVELS, prizes=(50, 30, 20)),)
        ),
        lot=list(range(players)),
    )
    first = started(created)
    return fold(first, opening(first, AT))


def seated(tournament: Tournament) -> dict[int, list[int]]:
    return {n: still_in(tournament, f) for n, f in open_tables(tournament).items()}


def random_hand(tournament: Tournament, rng: random.Random) -> tuple[int, dict[int, int]]:
    """A hand at a table: one player wins from one other, at most everything the loser has
    and the winner covers (so at most one player goes out per hand)."""
    tables = seated(tournament)
    number = rng.choice(sorted(tables))
    winner, loser = rng.sample(tables[number], 2)
    chips = min(tournament.chips[loser], tournament.chips[winner])
    lost = chips if rng.random() < 0.3 else rng.randint(0, chips)
    return number, {winner: lost, loser: -lost}


def test_eighteen_players_sit_at_three_tables_of_six() -> None:
    tournament = tournament_of(18)

    assert sorted(len(p) for p in seated(tournament).values()) == [6, 6, 6]
    assert sum(tournament.chips.values()) == 18_000


def test_the_level_rises_by_the_hands_dealt_at_that_table() -> None:
    tournament = tournament_of(18)
    levels = []
    for _ in range(4):
        events = hand(tournament, 1, {0: 5, 3: -5}, AT)
        levels.append(next(e.level for e in events if isinstance(e, TableHandPlayed)))
        tournament = fold(tournament, events)
    other = hand(tournament, 2, {1: 5, 4: -5}, AT)

    assert levels == [0, 0, 0, 1]
    assert next(e.level for e in other if isinstance(e, TableHandPlayed)) == 0


def test_a_player_without_chips_is_out_after_those_still_in_and_tables_balance() -> None:
    tournament = tournament_of(18)
    table = seated(tournament)[1]
    events = hand(tournament, 1, {table[0]: 1000, table[1]: -1000}, AT)
    tournament = fold(tournament, events)
    out = [e for e in events if isinstance(e, PlayerOut)]

    assert [(o.entrant, o.place) for o in out] == [(table[1], 18)]
    assert not any(isinstance(e, TableMoved) for e in events)  # 5, 6, 6: balanced
    table = seated(tournament)[1]
    events = hand(tournament, 1, {table[0]: 1000, table[1]: -1000}, AT)
    moved = [e for e in events if isinstance(e, TableMoved)]
    tournament = fold(tournament, events)

    assert [m.reason for m in moved] == ["balance"]
    assert sorted(len(p) for p in seated(tournament).values()) == [5, 5, 6]


@pytest.mark.parametrize(
    "net",
    [{0: 100, 3: -90}, {0: 2000, 3: -2000}, {0: 10, 1: -10}, {99: 10, 0: -10}],
)
def test_a_bad_hand_is_refused(net: dict[int, int]) -> None:
    tournament = tournament_of(18)

    with pytest.raises(DomainError) as refused:
        hand(tournament, 1, net, AT)
    assert refused.value.code == "invalid-hand-result"


def test_a_table_not_in_play_is_refused() -> None:
    with pytest.raises(DomainError) as refused:
        hand(tournament_of(18), 4, {0: 5, 3: -5}, AT)
    assert refused.value.code == "unknown-table"


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=3, max_value=20), st.integers(0, 10_000))
def test_chips_are_conserved_tables_balance_and_places_form_a_permutation(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    tournament = tournament_of(players, table=6)
    start = tournament
    log: list[TournamentEvent] = []
    while not tournament.finished:
        number, net = random_hand(tournament, rng)
        events = hand(tournament, number, net, AT)
        log += events
        tournament = fold(tournament, events)
        assert sum(tournament.chips.values()) == players * 1000
        if tournament.finished:
            break
        sizes = [len(p) for p in seated(tournament).values()]
        remaining = sum(sizes)
        assert max(sizes) - min(sizes) <= 1
        assert len(sizes) == -(-remaining // 6)
        assert remaining == sum(1 for c in tournament.chips.values() if c > 0)
    places = dict(tournament.places)
    assert sorted(places) == list(range(players))
    assert sorted(places.values()) == list(range(1, players + 1))
    assert tournament.chips[tournament.champion or 0] == players * 1000
    replayed = fold(start, [TOURNAMENT_DECODER.decode(msgspec.json.encode(e)) for e in log])
    assert replayed == tournament  # every chip is in the events: it replays to the same


@pytest.mark.parametrize(
    ("preset", "stages", "players"),
    [
        ("copas", (ChipsStage(stack=1000, table=4, levels=LEVELS),), 8),  # not a betting game
        ("texas-holdem", (ChipsStage(stack=1000, table=9, levels=LEVELS),), 8),  # 2 to 8 seats
        ("texas-holdem", (ChipsStage(stack=1000, table=6, levels=()),), 8),  # no level
        ("poker", (ChipsStage(stack=1000, table=6, levels=LEVELS, prizes=(1, 1, 1)),), 2),
        (
            "texas-holdem",
            (
                ChipsStage(stack=1000, table=6, levels=LEVELS),
                ChipsStage(stack=1000, table=6, levels=LEVELS),
            ),
            8,
        ),
        ("texas-holdem", (ChipsStage(stack=1000, table=6, levels=(UPSIDE_DOWN,)),), 8),
        ("texas-holdem", (ChipsStage(stack=1000, table=6, levels=(TOO_SMALL,)),), 8),
    ],
)
def test_a_tournament_of_chips_that_cannot_be_played_is_refused(
    preset: str, stages: tuple[ChipsStage, ...], players: int
) -> None:
    with pytest.raises(DomainError) as refused:
        create_competition(
            name="Torneio",
            kind="torneio",
            preset=preset,
            overrides={},
            organizers=["o"],
            teams=[[f"p{n}"] for n in range(players)],
            actor="o",
            at=AT,
            format_=TournamentFormat(stages=stages),
        )
    assert refused.value.code == "invalid-format"


def test_players_in_pairs_are_refused_in_a_tournament_of_chips() -> None:
    with pytest.raises(DomainError) as refused:
        create_competition(
            name="Torneio",
            kind="torneio",
            preset="texas-holdem",
            overrides={},
            organizers=["o"],
            teams=[["a", "b"], ["c", "d"]],
            actor="o",
            at=AT,
            format_=TournamentFormat(stages=(ChipsStage(stack=1000, table=6, levels=LEVELS),)),
        )
    assert refused.value.code == "invalid-command"


def test_when_the_players_fit_in_fewer_tables_one_is_broken_up() -> None:
    tournament = tournament_of(13)  # tables of 5, 4 and 4
    table = seated(tournament)[3]
    events = hand(tournament, 3, {table[0]: 1000, table[1]: -1000}, AT)
    moved = [e for e in events if isinstance(e, TableMoved)]
    tournament = fold(tournament, events)

    assert [m.reason for m in moved] == ["merge"]
    assert [(a, b) for _, a, b in moved[0].moves] == [(3, 2), (3, 1), (3, 2)]
    assert sorted(len(p) for p in seated(tournament).values()) == [6, 6]
    assert sorted(open_tables(tournament)) == [1, 2]


def test_a_session_game_ends_when_its_tables_level_rises_and_a_new_one_starts() -> None:
    tournament = tournament_of(12)  # two tables of 6
    session = open_tables(tournament)[1]
    tournament = fold(tournament, attach(tournament, session.id, "g1", AT))
    a, b = still_in(tournament, session)[:2]
    for _ in range(2):
        tournament = fold(tournament, hand(tournament, 1, {a: 10, b: -10}, AT, "g1"))
    assert open_tables(tournament)[1].id == session.id  # still the first level
    events = hand(tournament, 1, {a: 10, b: -10}, AT, "g1")
    tournament = fold(tournament, events)
    renewed = open_tables(tournament)[1]
    ended = tournament.fixture(session.id)

    assert ended is not None
    assert (ended.status, ended.match_id) == ("decided", "g1")
    assert renewed.id != session.id
    assert (renewed.level, renewed.match_id) == (1, None)
    assert renewed.chips[renewed.entrants.index(a)] == 1030
    with pytest.raises(DomainError) as late:
        hand(tournament, 1, {a: 10, b: -10}, AT, "g1")
    assert late.value.code == "not-the-fixtures-game"


def test_an_organizers_hand_is_refused_at_a_table_that_plays_a_game() -> None:
    tournament = tournament_of(12)
    session = open_tables(tournament)[2]
    tournament = fold(tournament, attach(tournament, session.id, "g2", AT))
    a, b = still_in(tournament, session)[:2]

    with pytest.raises(DomainError) as refused:
        hand(tournament, 2, {a: 10, b: -10}, AT)
    assert refused.value.code == "fixture-has-game"


def test_a_hand_pays_no_entrant_more_than_its_chips_covered() -> None:
    """G13 as P18: an entrant down to 500 at a table of six wins at most 500 from each of the
    five others (more was accepted before, 2026-11-29)."""
    tournament = tournament_of(18)
    table_one = still_in(tournament, open_tables(tournament)[1])
    first, second, third = table_one[:3]
    tournament = fold(tournament, hand(tournament, 1, {first: -500, second: 500}, AT))
    with pytest.raises(DomainError) as refused:
        hand(tournament, 1, {first: 2600, second: -1000, third: -1000, table_one[3]: -600}, AT)
    assert refused.value.code == "invalid-hand-result"
    hand(tournament, 1, {first: 2500, second: -1000, third: -1000, table_one[3]: -500}, AT)


def test_a_big_stack_at_a_table_loses_no_more_than_the_others_can_call() -> None:
    """Two players at 100 and one at 2800: the big stack loses 100 at most in a hand."""
    tournament = tournament_of(3, table=3)
    ((number, fixture),) = open_tables(tournament).items()
    a, b, c = still_in(tournament, fixture)
    tournament = fold(tournament, hand(tournament, number, {a: -900, c: 900}, AT))
    tournament = fold(tournament, hand(tournament, number, {b: -900, c: 900}, AT))
    with pytest.raises(DomainError) as refused:
        hand(tournament, number, {a: 100, b: 100, c: -200}, AT)
    assert refused.value.code == "invalid-hand-result"
    hand(tournament, number, {a: 50, b: 50, c: -100}, AT)
