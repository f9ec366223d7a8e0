"""The partnership rating's projection: its rows after games written through the domain,
against the model's update written here from the paper (Weng and Lin 2011, Algorithm 4,
Plackett-Luce, with its default parameters) and not from the `openskill` package; an
abandoning team loses; unconfirmed and cancelled games count nowhere; each game has its own
rating; a rebuild from zero (in batches of one or of many) equals the live fold."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import asyncpg
import pytest

from domain import Cancel, decide, fold
from projections.rating import Ratings
from projections.rebuild import rebuild
from service.store.encoding import new_event
from service.store.event_store import EventStore
from service.store.secrets import opened
from tests.conftest import Database
from tests.projections.card_scripts import card_game
from tests.projections.conftest import Project
from tests.projections.scripts import AT, SEATS, days, play

MU, SIGMA = 25.0, 25 / 3
BETA, TAU, KAPPA = SIGMA / 2, SIGMA / 100, 1e-4
Player = tuple[float, float]  # mu, sigma
TEAM_A, TEAM_B = [SEATS[0], SEATS[2]], [SEATS[1], SEATS[3]]
SUECA_A_WINS = ("70/50", "60/60", "30/90", "100/20", "85/35")


def expected_update(winners: list[Player], losers: list[Player]) -> tuple[list[Player], ...]:
    """Plackett-Luce for two teams and no draw: each player's (mu, sigma) after the game.

    Before the game tau^2 is added to each variance. A team's mu and variance are its
    players' sums; c^2 = the teams' variances + 2 beta^2; p the winners' probability
    exp(mu_w/c) / (exp(mu_w/c) + exp(mu_l/c)). Omega: the winners' s2_w/c (1 - p), the
    losers' -s2_l/c (1 - p); delta: gamma s2/c^2 p (1 - p) for both, gamma = sigma_team/c.
    A player moves by their share of the team's variance: mu + s2_i/s2 omega, and
    s2_i max(1 - s2_i/s2 delta, kappa)."""
    win = [(mu, math.hypot(sigma, TAU)) for mu, sigma in winners]
    lose = [(mu, math.hypot(sigma, TAU)) for mu, sigma in losers]
    var_w, var_l = (sum(s * s for _, s in team) for team in (win, lose))
    c = math.sqrt(var_w + var_l + 2 * BETA * BETA)
    e_w, e_l = (math.exp(sum(m for m, _ in team) / c) for team in (win, lose))
    p = e_w / (e_w + e_l)

    def moved(team: list[Player], var: float, omega: float) -> list[Player]:
        delta = math.sqrt(var) / c * var / c**2 * p * (1 - p)
        return [
            (mu + s * s / var * omega, s * math.sqrt(max(1 - s * s / var * delta, KAPPA)))
            for mu, s in team
        ]

    return moved(win, var_w, var_w / c * (1 - p)), moved(lose, var_l, -var_l / c * (1 - p))


async def ratings(db: Any, game: str = "dominoes") -> dict[str, dict[str, Any]]:
    rows = await db.fetch("SELECT * FROM proj_ratings WHERE game = $1", game)
    return {r["player_id"]: dict(r) for r in rows}


async def history(db: Any, player: str) -> list[dict[str, Any]]:
    rows = await db.fetch(
        "SELECT * FROM proj_rating_history WHERE player_id = $1 ORDER BY position", player
    )
    return [dict(r) for r in rows]


def assert_rated(row: dict[str, Any], expected: Player, games: int) -> None:
    assert row["mu"] == pytest.approx(expected[0], abs=1e-9)
    assert row["sigma"] == pytest.approx(expected[1], abs=1e-9)
    assert row["games"] == games


async def cancel(store: EventStore, match_id: str) -> None:
    stored = await store.read_stream(f"match-{match_id}")
    state = fold(opened(e.data, e.secret) for e in stored)
    events = decide(Cancel(at=days(1), actor="referee"), state)
    await store.append(
        f"match-{match_id}",
        [new_event(e, {"actor": "referee"}) for e in events],
        expected_version=len(stored),
    )


@pytest.fixture
async def owner(database: Database) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(database.owner_dsn)
    yield connection
    await connection.close()


async def test_two_games_move_the_ratings_as_the_paper_says(
    store: EventStore, project: Project, db: Any
) -> None:
    first = await play(store, "0 cruzada", "0 cruzada")  # team A wins
    second = await play(store, "1 cruzada", "1 cruzada", at=days(1))  # team B wins
    await project()

    a1, b1 = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    b2, a2 = expected_update(b1, a1)
    rows = await ratings(db)
    for player, expected in zip([*TEAM_A, *TEAM_B], [*a2, *b2], strict=True):
        assert_rated(rows[player], expected, games=2)
        assert rows[player]["last_game_at"] == days(1) + timedelta(minutes=2)
    ana = await history(db, SEATS[0])
    assert [(h["match_id"], h["won"], h["games"]) for h in ana] == [
        (first, True, 1),
        (second, False, 2),
    ]
    assert ana[0]["at"] == AT + timedelta(minutes=2)  # the game's last hand, not its confirmation
    assert ana[0]["mu"] == pytest.approx(a1[0][0], abs=1e-9)
    assert ana[0]["ordinal"] == pytest.approx(a1[0][0] - 3 * a1[0][1], abs=1e-9)
    assert a1[0][0] > MU > b1[0][0]
    assert a1[0][1] < SIGMA


async def test_an_abandoning_team_loses(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 simples", "abandon A")
    await project()

    b, a = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    rows = await ratings(db)
    for player, expected in zip([*TEAM_A, *TEAM_B], [*a, *b], strict=True):
        assert_rated(rows[player], expected, games=1)


async def test_unconfirmed_or_cancelled_games_change_nothing(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada", confirm=False)
    cancelled = await play(store, "1 cruzada", "1 cruzada", at=days(1), confirm=False)
    await cancel(store, cancelled)
    await card_game(store, "sueca", *SUECA_A_WINS, confirm=False)
    await project()

    assert await db.fetchval("SELECT count(*) FROM proj_ratings") == 0
    assert await db.fetchval("SELECT count(*) FROM proj_rating_history") == 0
    followed = await db.fetch("SELECT game FROM proj_rating_games ORDER BY game")
    assert [r["game"] for r in followed] == ["dominoes", "sueca"]  # the cancelled one is gone


async def test_each_game_has_its_own_rating(store: EventStore, project: Project, db: Any) -> None:
    await card_game(store, "sueca", *SUECA_A_WINS)
    await card_game(store, "sueca", *SUECA_A_WINS, at=days(1))
    await play(store, "1 cruzada", "1 cruzada", at=days(2))  # dominoes: team B wins
    await play(store, "0 simples 0/40", "0 simples 0/20", preset="cinquenta", at=days(3))
    await project()

    s1_a, s1_b = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    s2_a, s2_b = expected_update(s1_a, s1_b)
    d1_b, d1_a = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    d2_a, d2_b = expected_update(d1_a, d1_b)  # cinquenta is dominoes too
    sueca, dominoes = await ratings(db, "sueca"), await ratings(db, "dominoes")
    for player, expected in zip([*TEAM_A, *TEAM_B], [*s2_a, *s2_b], strict=True):
        assert_rated(sueca[player], expected, games=2)
    for player, expected in zip([*TEAM_A, *TEAM_B], [*d2_a, *d2_b], strict=True):
        assert_rated(dominoes[player], expected, games=2)
    assert await ratings(db, "truco") == {}


async def test_a_rebuild_from_zero_equals_the_live_fold(
    store: EventStore, project: Project, db: Any, owner: asyncpg.Connection
) -> None:
    other = ("ana", "eva", "caio", "fabi")  # ana and caio again, against two others
    await play(store, "0 cruzada", "0 cruzada")
    await play(store, "1 cruzada", "1 cruzada", seats=other, at=days(1))
    await play(store, "0 simples", "abandon B", at=days(2))
    cancelled = await play(store, "2 cruzada", "2 cruzada", at=days(3), confirm=False)
    await cancel(store, cancelled)
    await card_game(store, "sueca", *SUECA_A_WINS, seats=other, at=days(4))
    await play(store, "0 cruzada", confirm=False, at=days(5))  # still being played
    await project()
    tables = ("proj_ratings", "proj_rating_history", "proj_rating_games")

    async def contents() -> list[list[str]]:
        return [
            [r[0] for r in await db.fetch(f"SELECT t::text FROM {t} t ORDER BY 1")] for t in tables
        ]

    live = await contents()
    await rebuild(owner, Ratings(), batch_size=1, progress=False)
    one_by_one = await contents()
    await rebuild(owner, Ratings(), batch_size=10_000, progress=False)
    all_at_once = await contents()

    assert [len(rows) for rows in live] == [6 + 4, 16, 1]
    assert one_by_one == live
    assert all_at_once == live
