"""The amistoso mesa (seed 000; G41-G47), decided without I/O: who stays, who draws, who
partners the newcomer, and the order of tiles."""

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.competitions.mesa import (
    LastGame,
    Mesa,
    MesaRules,
    NextSeated,
    PileShuffled,
    PlayerArrived,
    TileDrawn,
    arrive,
    draw,
    fold,
    next_of,
    tile_order,
)
from domain.dominoes.tiles import ALL_TILES
from domain.errors import DomainError

AT = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
SEATS = ("ze", "ana", "tiao", "bia")
A_WON = LastGame(match_id="m1", seats=SEATS, status="finished", winner="A")


def mesa(draw_rule: str = "higher", *events: object) -> Mesa:
    return fold(Mesa(rules=MesaRules(draw=draw_rule)), list(events))  # type: ignore[arg-type]


def test_with_nobody_waiting_the_same_four_play_again() -> None:
    assert next_of(mesa(), A_WON).seats == SEATS


def test_a_game_in_play_tells_nothing_yet() -> None:
    playing = LastGame(match_id="m1", seats=SEATS, status="in_progress", winner=None)
    assert next_of(mesa(), playing).status == "playing"


def test_a_newcomer_makes_the_losers_draw() -> None:
    waiting = mesa("higher", PlayerArrived(at=AT, player="novo"))
    assert next_of(waiting, A_WON).draw_by == ("ana", "bia")


@pytest.mark.parametrize(
    ("rule", "ana", "bia", "partner"),
    [
        ("higher", "2-3", "1-4", "bia"),  # same pips: the higher end
        ("higher", "2-2", "1-3", "ana"),  # same pips: the double
        ("higher", "0-6", "3-4", "bia"),  # more pips
        ("lower", "2-3", "1-4", "ana"),
        ("lower", "2-2", "1-3", "bia"),
    ],
)
def test_the_higher_or_lower_tile_partners_the_newcomer(
    rule: str, ana: str, bia: str, partner: str
) -> None:
    waiting = mesa(rule, PlayerArrived(at=AT, player="novo"))
    first = draw(waiting, A_WON, "ana", ana, AT)
    *_, seated = draw(fold(waiting, first), A_WON, "bia", bia, AT)
    assert isinstance(seated, NextSeated)
    waits = "ana" if partner == "bia" else "bia"
    assert (seated.partner, seated.waits) == (partner, waits)
    assert seated.seats == tuple("novo" if p == waits else p for p in SEATS)
    after = fold(waiting, [*first, seated])
    assert after.waiting == (waits,)
    assert next_of(after, A_WON).seats == seated.seats


def test_the_server_draws_the_committed_piles_next_tiles() -> None:
    pile = ("5-6", "0-0", *[t for t in ALL_TILES if t not in ("5-6", "0-0")])
    ready = mesa(
        "higher",
        PlayerArrived(at=AT, player="novo"),
        PileShuffled(at=AT, commitment="c", pile=pile),
    )
    first = draw(ready, A_WON, "bia", None, AT)
    second = draw(fold(ready, first), A_WON, "ana", None, AT)
    assert [e.tile for e in [*first, *second] if isinstance(e, TileDrawn)] == ["5-6", "0-0"]
    assert isinstance(second[-1], NextSeated)
    assert second[-1].partner == "bia"


def test_refusals() -> None:
    waiting = mesa("higher", PlayerArrived(at=AT, player="novo"))
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: arrive(waiting, A_WON, "novo", AT), "already-waiting"),
        (
            lambda: arrive(
                waiting,
                LastGame(match_id="m", seats=SEATS, status="in_progress", winner=None),
                "ze",
                AT,
            ),
            "already-seated",
        ),
        (lambda: draw(mesa(), A_WON, "ana", "1-1", AT), "no-draw-due"),
        (lambda: draw(waiting, A_WON, "ze", "1-1", AT), "not-a-loser"),
        (lambda: draw(waiting, A_WON, "ana", None, AT), "no-pile"),
        (
            lambda: draw(
                fold(waiting, draw(waiting, A_WON, "ana", "1-1", AT)), A_WON, "bia", "1-1", AT
            ),
            "tile-taken",
        ),
        (
            lambda: draw(
                fold(waiting, draw(waiting, A_WON, "ana", "1-1", AT)), A_WON, "ana", "2-2", AT
            ),
            "already-drawn",
        ),
    ]
    for call, code in cases:
        with pytest.raises(DomainError) as refused:
            call()
        assert refused.value.code == code


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(ALL_TILES), st.sampled_from(ALL_TILES))
def test_two_different_tiles_are_never_equal_in_the_draw(a: str, b: str) -> None:
    assert (tile_order(a) == tile_order(b)) == (a == b)
    if a != b:
        assert (tile_order(a) > tile_order(b)) != (tile_order(b) > tile_order(a))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_mesa_never_loses_or_doubles_a_player(data: st.DataObject) -> None:
    """Games, arrivals and draws in any order: the next seats are four different players,
    the winners keep their chairs, the newcomer partners the chosen loser, and everyone who
    came is either seated or waiting, once."""
    state = mesa(data.draw(st.sampled_from(["higher", "lower"])))
    seats: tuple[str, ...] = SEATS
    arrived = 0
    for number in range(data.draw(st.integers(1, 8))):
        for _ in range(data.draw(st.integers(0, 2))):
            arrived += 1
            state = fold(state, arrive(state, None, f"p{arrived}", AT))
        winner = data.draw(st.sampled_from(["A", "B"]))
        game = LastGame(match_id=f"m{number}", seats=seats, status="finished", winner=winner)
        present = data.draw(st.sampled_from([*seats, *state.waiting]))
        with pytest.raises(DomainError):  # a player at the mesa never waits a second time
            arrive(state, game, present, AT)
        pending = next_of(state, game)
        if pending.status == "drawing":
            tiles = data.draw(
                st.lists(st.sampled_from(ALL_TILES), min_size=2, max_size=2, unique=True)
            )
            for player, tile in zip(pending.draw_by, tiles, strict=True):
                state = fold(state, draw(state, game, player, tile, AT))
        after = next_of(state, game)
        assert after.status == "ready"
        assert after.seats is not None
        assert len(set(after.seats)) == 4
        kept = (0, 2) if winner == "A" else (1, 3)
        assert all(after.seats[s] == seats[s] for s in kept)
        if pending.status == "drawing":
            (seated,) = [s for s in state.seated if s.match_id == game.match_id]
            new_chair = after.seats.index(seated.newcomer)
            assert after.seats[(new_chair + 2) % 4] == seated.partner
        everyone = [*after.seats, *state.waiting]
        assert sorted(everyone) == sorted([*SEATS, *(f"p{n}" for n in range(1, arrived + 1))])
        seats = after.seats
