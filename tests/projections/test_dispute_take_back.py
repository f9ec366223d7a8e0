"""A disputed game taken back from the read models (G34), in sequences a real table
produces: what its players keep is what the games that still count give them (their
achievements, their streak's, their biggest pot, their rating's last game), and the read
models folded live, one event per batch, equal a rebuild from the whole log."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

import asyncpg
import pytest

from domain import Confirm, CreateMatch, fold
from domain.cards.betting.commands import Bet, DealBetting
from domain.decide import decide
from domain.disputes.commands import Dispute, Settle
from domain.match.commands import Cancel
from projections import all_projections, records
from projections.batches import catch_up
from projections.rebuild import rebuild
from service.store.encoding import new_event
from service.store.event_store import EventStore
from service.store.secrets import opened
from tests.conftest import Database
from tests.projections.card_scripts import card_game
from tests.projections.conftest import read_models
from tests.projections.scripts import AT, days, play


@pytest.fixture
async def owner(database: Database) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(database.owner_dsn)
    yield connection
    await connection.close()


@pytest.fixture
async def db(app_pool: asyncpg.Pool) -> AsyncIterator[Any]:
    async with app_pool.acquire() as connection:
        yield connection


async def live(db: Any) -> None:
    """The runner's fold: every projection, one event per batch, up to the end of the log."""
    for projection in all_projections():
        await catch_up(db, projection, batch_size=1)


async def rebuilt(owner: asyncpg.Connection, db: Any) -> dict[str, list[str]]:
    for projection in all_projections():
        await rebuild(owner, projection, batch_size=100_000, progress=False)
    return await read_models(db)


async def state_of(store: EventStore, match_id: str) -> tuple[Any, int]:
    stored = await store.read_stream(f"match-{match_id}")
    return fold(opened(e.data, e.secret) for e in stored), len(stored)


async def run(store: EventStore, match_id: str, command: Any) -> None:
    state, version = await state_of(store, match_id)
    events = decide(command, state)
    await store.append(
        f"match-{match_id}",
        [new_event(e, {"actor": "referee"}) for e in events],
        expected_version=version,
    )


async def confirm_by(store: EventStore, match_id: str, side: str, actor: str, at: datetime) -> None:
    await run(store, match_id, Confirm(at=at, by=side, actor=actor))


async def organizer(
    store: EventStore, match_id: str, at: datetime, members: tuple[int, ...] = (0, 1, 2, 3)
) -> None:
    await run(store, match_id, Confirm(at=at, by="organizer", actor="referee", members=members))


async def dispute(store: EventStore, match_id: str, at: datetime) -> None:
    state, _ = await state_of(store, match_id)
    await run(store, match_id, Dispute(at=at, actor=state.seats[0], reason="wrong hand"))


async def settle(store: EventStore, match_id: str, decision: str, at: datetime) -> None:
    await run(store, match_id, Settle(at=at, actor="referee", decision=decision))  # type: ignore[arg-type]


A_WINS = ("0 cruzada", "0 cruzada")
B_WINS = ("1 cruzada", "1 cruzada")


async def test_the_live_fold_equals_a_rebuild_over_a_tables_sequences(
    store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    g = [
        await play(store, *(A_WINS if n != 2 else B_WINS), at=days(n), confirm=False)
        for n in range(6)
    ]
    await live(db)
    for n in (4, 1, 0, 3):
        await organizer(store, g[n], days(10 + n))
        await live(db)
    await confirm_by(store, g[5], "A", "ana", days(20))
    await confirm_by(store, g[5], "B", "bia", days(20))
    await live(db)
    await confirm_by(store, g[5], "A", "caio", days(21))
    await live(db)
    await dispute(store, g[1], days(22) - timedelta(days=21) + timedelta(hours=1))
    await live(db)
    await settle(store, g[1], "confirm", days(23))
    await live(db)
    await organizer(store, g[2], days(24))
    await live(db)
    c = await play(store, "0 cruzada", at=days(30), confirm=False)
    await run(store, c, Cancel(at=days(30) + timedelta(hours=1), actor="referee"))
    f = await play(store, "0 cruzada", "0 cruzada", at=days(31), confirm=False)
    await run(store, f, Cancel(at=days(31) + timedelta(hours=1), actor="referee"))
    await play(store, "1 simples", "abandon A", at=days(32))
    s1 = await card_game(
        store, "sueca", "70/50", "70/50", "70/50", "70/50", at=days(33), confirm=False
    )
    await live(db)
    await confirm_by(store, s1, "A", "ana", days(34))
    await confirm_by(store, s1, "B", "bia", days(34))
    await live(db)
    await confirm_by(store, s1, "B", "duda", days(35))
    await live(db)
    h = await holdem_all_in(store, 0, 1000, days(36))
    await live(db)
    await dispute(store, h, days(36) + timedelta(hours=1))
    await live(db)
    await settle(store, h, "confirm", days(36) + timedelta(hours=2))
    # a game played on the last evening of a month (Brazil), confirmed in the next
    m = await play(store, *A_WINS, at=datetime(2025, 6, 1, 2, 30, tzinfo=AT.tzinfo), confirm=False)
    await live(db)
    await organizer(store, m, datetime(2025, 6, 2, tzinfo=AT.tzinfo))
    await live(db)
    # a streak's game annulled: its achievements move to the games that still earn them
    streak = [await play(store, *A_WINS, at=days(40 + n)) for n in range(4)]
    await live(db)
    await dispute(store, streak[2], days(43) + timedelta(hours=1))
    await live(db)
    await settle(store, streak[2], "annul", days(43) + timedelta(hours=2))
    await live(db)
    incremental = await read_models(db)
    assert await rebuilt(owner, db) == incremental


async def earned(db: Any, player: str) -> dict[str, str]:
    rows = await db.fetch(
        "SELECT kind, match_id FROM proj_achievements WHERE player_id = $1", player
    )
    return {r[0]: r[1] for r in rows}


async def test_an_annulled_dispute_does_not_take_away_an_achievement_a_counting_game_earned(
    store: EventStore, db: Any
) -> None:
    """rules.md: achievements are kept forever; design.md G34: a disputed game counts for
    nobody. Ana won two buchudas, each with a cruzada of her own; the first is disputed and
    annulled. The second still counts and earned both: she keeps them, from it."""
    first = await play(store, *A_WINS, at=days(0))
    second = await play(store, *A_WINS, at=days(1))
    await live(db)
    assert await earned(db, "ana") == {"buchuda": first, "first-cruzada": first}

    await dispute(store, first, days(1) + timedelta(hours=1))
    await settle(store, first, "annul", days(1) + timedelta(hours=2))
    await live(db)

    counted = {
        r[0]
        for r in await db.fetch("SELECT match_id FROM proj_player_games WHERE player_id = 'ana'")
    }
    assert counted == {second}
    assert await earned(db, "ana") == {"buchuda": second, "first-cruzada": second}


async def test_a_disputed_game_inside_a_streak_leaves_the_achievement_the_streak_still_earns(
    store: EventStore, db: Any
) -> None:
    """Ana wins four games in a row; the third is disputed and annulled. Her three other
    wins are still three confirmed games in a row: win-streak-3, earned now by the fourth."""
    games = [await play(store, *A_WINS, at=days(n)) for n in range(4)]
    await live(db)
    assert (await earned(db, "ana"))["win-streak-3"] == games[2]

    await dispute(store, games[2], days(3) + timedelta(hours=1))
    await settle(store, games[2], "annul", days(3) + timedelta(hours=2))
    await live(db)

    best = await db.fetchval(
        "SELECT best_length FROM proj_player_streaks WHERE player_id = 'ana' AND game = 'dominoes'"
    )
    assert best == 3
    assert (await earned(db, "ana")).get("win-streak-3") == games[3]


async def test_a_rating_keeps_the_last_game_when_an_older_game_is_confirmed_after_it(
    store: EventStore, db: Any
) -> None:
    """A rating's `last_game_at` is "when the last of them ended" (the leaderboard keeps a
    player while it is within 90 days). Ana's game of day 100 is confirmed; then her game of
    day 0, confirmed late. Her last game still ended on day 100."""
    old = await play(store, *A_WINS, at=days(0), confirm=False)
    recent = await play(store, *A_WINS, at=days(100))
    await live(db)
    await organizer(store, old, days(101))
    await live(db)

    ended = dict(await db.fetch("SELECT match_id, finished_at FROM proj_games"))
    last, games = await db.fetchrow(
        "SELECT last_game_at, games FROM proj_ratings WHERE player_id = 'ana' AND game = 'dominoes'"
    )
    assert games == 2
    assert last == ended[recent]


async def new_game(store: EventStore, preset: str, seats: tuple[str, ...], at: datetime) -> str:
    match_id = str(uuid.uuid4())
    create = CreateMatch(at=at, preset=preset, overrides={}, seats=list(seats), actor="referee")
    events = decide(create, fold([]))
    await store.append(
        f"match-{match_id}",
        [new_event(e, {"actor": "referee"}) for e in events],
        expected_version=0,
    )
    return match_id


async def holdem_all_in(store: EventStore, aces: int, stack: int, at: datetime) -> str:
    """Ana and bia heads-up at Hold'em: `aces` (seat) holds AA, both go all in; the aces take
    the pot of 2 x stack and the session ends (the other seat is out of chips)."""
    game = await new_game(store, "texas-holdem", ("ana", "bia"), at)
    hands = [["AS", "AH"], ["2C", "7D"]] if aces == 0 else [["2C", "7D"], ["AS", "AH"]]
    deal = DealBetting(
        at=at + timedelta(minutes=1),
        hands=hands,
        stacks=[stack, stack],
        stock=["KD", "9S", "4H", "JC", "3D"],
        dealer=1,
    )
    await run(store, game, deal)
    for n in range(2):
        state, _ = await state_of(store, game)
        action = "all_in" if n == 0 else "cover"
        await run(
            store, game, Bet(at=at + timedelta(minutes=2 + n), seat=state.turn, action=action)
        )
    state, _ = await state_of(store, game)
    assert state.status == "finished"
    await organizer(store, game, at + timedelta(minutes=5), members=(0, 1))
    return game


async def test_an_annulled_games_pot_does_not_keep_the_biggest_pot_record(
    store: EventStore, db: Any
) -> None:
    """G34: a disputed game counts for nobody; the dispute module says the records read
    the biggest values from the rows that remain. Ana took a pot of 2000 at a Hold'em session
    that is then disputed and annulled; bia's pot of 200 in a session that counts is the
    biggest that remains. The all-time `biggest-pot` record still says ana, 2000."""
    big = await holdem_all_in(store, 0, 1000, days(0))  # ana takes a pot of 2000
    await holdem_all_in(store, 1, 100, days(1))  # bia takes a pot of 200
    await live(db)
    await dispute(store, big, days(0) + timedelta(hours=1))
    await settle(store, big, "annul", days(0) + timedelta(hours=2))
    await live(db)

    assert not await db.fetch("SELECT 1 FROM proj_player_games WHERE match_id = $1", big)
    held = [
        (r["player_id"], r["value"])
        for r in await records.all_time(db, 1, game="texas-holdem")
        if r["kind"] == "biggest-pot"
    ]
    assert held == [("bia", 200)]


async def test_a_ratings_last_game_goes_back_to_the_last_that_still_counts(
    store: EventStore, db: Any
) -> None:
    """The leaderboard keeps a player while their last counted game is within 90 days: a
    disputed game's take-back gives back the last game of those that remain."""
    old = await play(store, *A_WINS, at=days(0))
    recent = await play(store, *A_WINS, at=days(100))
    await live(db)
    await dispute(store, recent, days(100) + timedelta(hours=1))
    await live(db)

    ended = dict(await db.fetch("SELECT match_id, finished_at FROM proj_games"))
    last, games = await db.fetchrow(
        "SELECT last_game_at, games FROM proj_ratings WHERE player_id = 'ana' AND game = 'dominoes'"
    )
    assert (games, last) == (1, ended[old])


async def test_a_streak_no_game_reaches_once_a_game_in_it_no_longer_counts_is_no_achievement(
    store: EventStore, db: Any
) -> None:
    """Ana wins three in a row, then loses; the second win is disputed and annulled. Her
    best streak is now 2, and win-streak-3, filed under the third win, goes (it stayed,
    only the disputed game's own achievements were reconsidered; a review found it)."""
    games = [await play(store, *A_WINS, at=days(n)) for n in range(3)]
    await play(store, *B_WINS, at=days(3))
    await live(db)
    assert (await earned(db, "ana"))["win-streak-3"] == games[2]

    await dispute(store, games[1], days(3) + timedelta(hours=1))
    await settle(store, games[1], "annul", days(3) + timedelta(hours=2))
    await live(db)

    best = await db.fetchval(
        "SELECT best_length FROM proj_player_streaks WHERE player_id = 'ana' AND game = 'dominoes'"
    )
    assert best == 2
    assert "win-streak-3" not in await earned(db, "ana")


async def test_a_streak_a_disputed_loss_broke_is_an_achievement_once_the_loss_no_longer_counts(
    store: EventStore, db: Any
) -> None:
    """Two wins, a loss, a win: the loss is disputed and annulled, and the three wins that
    remain are three confirmed games in a row: win-streak-3, filed under the last."""
    first = [await play(store, *A_WINS, at=days(n)) for n in range(2)]
    loss = await play(store, *B_WINS, at=days(2))
    last = await play(store, *A_WINS, at=days(3))
    await live(db)
    assert "win-streak-3" not in await earned(db, "ana")

    await dispute(store, loss, days(3) + timedelta(hours=1))
    await settle(store, loss, "annul", days(3) + timedelta(hours=2))
    await live(db)

    assert len(first) == 2
    assert (await earned(db, "ana"))["win-streak-3"] == last


async def test_a_rating_whose_only_game_no_longer_counts_is_no_rating(
    store: EventStore, db: Any
) -> None:
    """The take-back gave back the model's first estimate and kept a rating of 0 games whose
    last game was the disputed one (a review found it): the player has no rating there, as
    before the game."""
    only = await play(store, *A_WINS, at=days(0))
    await live(db)
    await dispute(store, only, days(0) + timedelta(hours=1))
    await live(db)

    rows = await db.fetch("SELECT games FROM proj_ratings WHERE player_id = 'ana'")
    assert rows == []


async def test_a_dispute_of_a_game_outside_a_streak_keeps_its_achievement(
    store: EventStore, db: Any
) -> None:
    """Achievements are kept forever: three wins in a row, then an older loss confirmed late
    between them, keep win-streak-3. A later loss, disputed, is in no run of it: the
    achievement stays (a take-back that recounted every streak took it; found by the
    review of the fixes, 2026-11-29)."""
    first = await play(store, *A_WINS, at=days(0))
    loss = await play(store, *B_WINS, at=days(1), confirm=False)
    await play(store, *A_WINS, at=days(2))
    third = await play(store, *A_WINS, at=days(3))
    await live(db)
    await organizer(store, loss, days(4))
    await live(db)
    assert (await earned(db, "ana"))["win-streak-3"] == third

    unrelated = await play(store, *B_WINS, at=days(5))
    await live(db)
    await dispute(store, unrelated, days(5) + timedelta(hours=1))
    await live(db)

    assert first != third
    assert (await earned(db, "ana"))["win-streak-3"] == third
