"""Seasons (temporadas, G37-G40): a ranking of a month or a year in Brazil's time, per
competition too; each closed season's champion; a season's records and achievements."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import httpx

from projections.seasons import season
from tests.api.conftest import ADMIN, Player, Table, register, seat_a_table
from tests.api.play import Json, assert_problem, create_competition, join_all
from tests.projections.test_http import settled

BRAZIL = ZoneInfo("America/Sao_Paulo")


def month_before(first: datetime) -> datetime:
    """The first day of the month before `first` (a first day), in Brazil."""
    back = first - timedelta(days=1)
    return back.replace(day=1)


def name_of(first: datetime) -> str:
    return f"{first.year}-{first.month:02d}"


async def paper_game(
    client: httpx.AsyncClient,
    organizer: Player,
    competition: str,
    seats: list[Player],
    started: datetime,
) -> Json:
    """Team A (seats 0 and 2) wins by batidas written down after the game, five minutes
    apart from `started`; the organizer confirms it for the members."""
    body = {"competition_id": competition, "seats": [p.id for p in seats]}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    state: Json = created.json()
    url = f"/v1/matches/{state['id']}"
    hand = 0
    while state["status"] == "in_progress":
        hand += 1
        result = {
            "outcome": "batida",
            "seat": 0,
            "kind": "cruzada",
            "started_at": (started + timedelta(minutes=5 * (hand - 1))).isoformat(),
            "played_at": (started + timedelta(minutes=5 * hand)).isoformat(),
        }
        answer = await client.post(f"{url}/results", json=result, headers=organizer.auth)
        assert answer.status_code == 201, answer.text
        state = answer.json()
    confirmed = await client.post(f"{url}/confirmations", json={}, headers=organizer.auth)
    assert confirmed.status_code == 201, confirmed.text
    return dict(confirmed.json())


async def test_a_closed_seasons_champion_is_the_first_of_its_ranking(
    client: httpx.AsyncClient,
) -> None:
    table: Table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    now = datetime.now(BRAZIL)
    this_month = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    last_month = month_before(this_month)
    two_ago = month_before(last_month)

    # two months ago: Ana wins twice (the second ends on its last evening in Brazil,
    # already the next month in UTC); Zé loses both
    await paper_game(
        client, organizer, competition, [ana, ze, bia, tiao], two_ago + timedelta(days=3)
    )
    midnight_utc = last_month.astimezone(UTC) + timedelta(hours=1) - timedelta(hours=3)
    await paper_game(
        client, organizer, competition, [ana, ze, tiao, bia], midnight_utc - timedelta(hours=1)
    )
    # last month: Zé wins twice, with two partners
    await paper_game(
        client, organizer, competition, [ze, ana, tiao, bia], last_month + timedelta(days=2)
    )
    await paper_game(
        client, organizer, competition, [ze, tiao, ana, bia], last_month + timedelta(days=9)
    )
    # this month (open): Bia wins
    if now - this_month > timedelta(hours=2):
        await paper_game(
            client, organizer, competition, [bia, ze, tiao, ana], this_month + timedelta(minutes=5)
        )
    await settled(client)

    answer = await client.get(f"/v1/competitions/{competition}/seasons")
    assert answer.status_code == 200, answer.text
    seasons = answer.json()["seasons"]

    assert [s["season"] for s in seasons] == [name_of(two_ago), name_of(last_month)]
    assert [s["games"] for s in seasons] == [2, 2]
    assert [s["champion"]["player_id"] for s in seasons] == [ana.id, ze.id]
    assert seasons[1]["champion"]["games_won"] == 2
    assert seasons[1]["champions"] == [seasons[1]["champion"]]

    month = await client.get(
        "/v1/rankings", params={"season": name_of(last_month), "competition": competition}
    )
    assert month.status_code == 200, month.text
    rows = month.json()["rows"]
    assert month.json()["season"] == name_of(last_month)
    assert rows[0]["player_id"] == ze.id
    assert {r["player_id"]: r["games_played"] for r in rows} == {p.id: 2 for p in table.players}
    everyone = (await client.get("/v1/rankings", params={"season": name_of(last_month)})).json()
    assert everyone["rows"][0]["player_id"] == ze.id
    year = (await client.get("/v1/rankings", params={"season": str(last_month.year)})).json()
    zes = next(r for r in year["rows"] if r["player_id"] == ze.id)
    assert zes["games_won"] == 2
    stats = await client.get(f"/v1/players/{ze.id}/stats", params={"season": name_of(two_ago)})
    assert (stats.json()["games_played"], stats.json()["games_won"]) == (2, 0)

    page = (await client.get(f"/competicoes/{competition}")).text
    assert "Campeões por temporada" in page
    assert page.index(f"temporada={name_of(last_month)}") < page.index(
        f"temporada={name_of(two_ago)}"
    ), "the newest season first"

    records = (await client.get("/v1/records", params={"season": name_of(last_month)})).json()
    assert records["season"] == name_of(last_month)
    most_wins = [r for r in records["records"] if r["kind"] == "most-games-won"]
    assert {r["player_id"] for r in most_wins} == {ze.id}
    assert all(r["kind"] != "longest-win-streak" for r in records["records"])
    every = (await client.get("/v1/records")).json()["achievements"]
    assert every, "cruzadas and buchudas earn achievements"
    first_earned = {
        (a["player_id"], a["kind"]): a["earned_at"]
        for a in every
        if last_month <= datetime.fromisoformat(a["earned_at"]) < this_month
    }
    assert first_earned, "Zé, who lost both games before, earns his first ones then"
    assert {(a["player_id"], a["kind"]): a["earned_at"] for a in records["achievements"]} == (
        first_earned
    )
    assert (await client.get("/v1/records", params={"season": "2001"})).json()["achievements"] == []


async def test_bad_seasons_are_refused(client: httpx.AsyncClient) -> None:
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    for params in (
        {"season": "2026-13"},
        {"season": "26-11"},
        {"season": "2026-1"},
        {"season": "2026", "since": "2026-01-01T00:00:00Z"},
    ):
        assert_problem(await client.get("/v1/rankings", params=params), 400, "invalid-season")
    assert_problem(
        await client.get("/v1/records", params={"season": "0999"}), 400, "invalid-season"
    )
    weekly = await client.get(f"/v1/competitions/{competition}/seasons", params={"by": "week"})
    assert weekly.status_code == 400
    unknown = await client.get("/v1/competitions/00000000-0000-0000-0000-000000000000/seasons")
    assert unknown.status_code == 404
    empty = await client.get(f"/v1/competitions/{competition}/seasons", headers=ADMIN)
    assert empty.json()["seasons"] == []


async def test_every_season_of_1900_to_3000_is_a_season_of_every_read(
    client: httpx.AsyncClient,
) -> None:
    """G37: a season is a month or a year of 1900-3000. Brazil's offset until 1914 has
    seconds (-03:06:28) and 3000's last season ends in 3001: the ranking and a player's
    statistics refused them (`invalid-period`; a review found it, 2026-11-29)."""
    player = await register(client, "Seu Lalo")
    for name in ("1900", "1900-01", "1914-01", "2026-11", "3000", "3000-12"):
        for path in ("/v1/rankings", f"/v1/players/{player.id}/stats", "/v1/records"):
            answer = await client.get(path, params={"season": name})
            assert answer.status_code == 200, (path, name, answer.text)


async def test_a_season_before_1914_is_listed_with_its_real_bounds(
    client: httpx.AsyncClient,
) -> None:
    """Brazil's offset until 1914 (-03:06:28) has seconds, which the JSON's RFC 3339 cuts to
    minutes: the listed season began 28 seconds early (the review of the fixes found it,
    2026-11-29). Such a season is listed in UTC."""
    table = await seat_a_table(client)
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    await paper_game(
        client, organizer, competition, table.players, datetime(1913, 12, 10, 20, tzinfo=UTC)
    )
    await settled(client)

    listed = (await client.get(f"/v1/competitions/{competition}/seasons")).json()["seasons"]
    assert [s["season"] for s in listed] == ["1913-12"]
    real = season("1913-12")  # its end falls in the gap of 1914's change: compared in UTC
    assert datetime.fromisoformat(listed[0]["since"]) == real.since.astimezone(UTC)
    assert datetime.fromisoformat(listed[0]["until"]) == real.until.astimezone(UTC)
