"""/v1/matches: create games, deal hands, post moves, results, penalties, corrections."""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, QueryParameter

from domain import (
    CreateMatch,
    GameRules,
    resolve_rules,
)
from domain.cards.betting.rules import BettingRules
from domain.competitions import check_pairing
from domain.competitions.format import Level
from domain.competitions.mesa import check_mesa_game
from domain.tournament.chips import session_level, still_in
from domain.tournament.decide import attach
from domain.tournament.reservations import release
from domain.tournament.state import stage_label
from service.http.auth import Principal, provide_principal, provide_viewer
from service.http.directory.params import (
    CompetitionFilter,
    Limit,
    Offset,
    PlayerFilter,
    StageFilter,
    StatusFilter,
)
from service.http.marks import marks_of
from service.http.matches import access as can
from service.http.matches.key_locks import KeyLocks
from service.http.matches.schemas import (
    MatchIdPath,
    NewMatch,
)
from service.http.matches.views import MatchState, over_now
from service.http.matches.writes import (
    answer,
    competition_of,
    fingerprint,
    first_answer,
    idempotency_key,
    metadata,
    now,
)
from service.http.problems import ApiError
from service.reads.directory.listing import list_matches
from service.reads.directory.schemas import MatchList
from service.reads.mesas.seating import at_the_mesa
from service.reads.stale import stale_after_of
from service.store.matches import Matches, stream_of
from service.store.members import Memberships
from service.store.registry import parse_id
from service.store.tournaments import Tournaments

log = logging.getLogger("domino.matches")


class MatchController(Controller):
    path = "/v1/matches"
    tags = ["matches"]
    dependencies = {"principal": Provide(provide_principal), "viewer": Provide(provide_viewer)}

    @get(
        "/",
        operation_id="listMatches",
        summary="Games, newest first",
        description="Every game, or those of a player, of a competition, in a state. From "
        "the projections: a game shows here a moment after it is written.",
    )
    async def matches(
        self,
        state: State,
        status: StatusFilter = None,
        player: PlayerFilter = None,
        competition: CompetitionFilter = None,
        stage: StageFilter = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> MatchList:
        return await list_matches(state, player, competition, status, limit, offset, stage)

    @post(
        "/",
        operation_id="createMatch",
        summary="Create a game",
        status_code=201,
        description="The four seats in order of play; the rules by preset and overrides, or "
        "the competition's. The creator becomes the game's scorekeeper.",
    )
    async def create(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewMatch],
        principal: NamedDependency[Principal],
    ) -> Response[MatchState]:
        key = idempotency_key(request, principal)
        digest = await fingerprint(request) if key else None
        key_locks: KeyLocks = state.key_locks
        async with key_locks.held(key):
            return await self._create(request, state, data, principal, key, digest)

    async def _create(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: NewMatch,
        principal: Principal,
        key: str | None,
        digest: bytes | None,
    ) -> Response[MatchState]:
        first = await first_answer(state, key, digest)
        if first is not None:
            return answer(first, can.access_of(principal, first.state, None), principal, 201)
        await state.registry.check_players(data.seats)
        preset, overrides = await self._rules_for(state, data, principal)
        # A table of chips counts its session's hands for players who joined (G23): none
        # leaves between the check and the game's creation (`Memberships.steady`).
        memberships: Memberships = state.memberships
        fixture_of = data.competition_id if data.fixture_id is not None else None
        async with memberships.steady(fixture_of and parse_id(fixture_of, "competition")):
            match_id = str(uuid.uuid4())
            stage = data.stage
            if data.fixture_id is not None:
                stage, level = await _reserve_fixture(
                    state, data, match_id, metadata(request, principal, key), principal
                )
                if level is not None:
                    overrides = at_level(preset, overrides, level)
            command = CreateMatch(
                at=now(),
                preset=preset,
                overrides=overrides,
                seats=[parse_id(p, "player") for p in data.seats],
                actor=principal.actor,
                place=data.place,
                notes=data.notes,
                competition_id=parse_id(data.competition_id, "competition")
                if data.competition_id
                else None,
                stage=stage,
                fixture_id=data.fixture_id,
            )
            matches: Matches = state.matches
            try:
                record = await matches.execute(
                    match_id,
                    lambda _: command,
                    metadata(request, principal, key),
                    idempotency_key=key,
                    fingerprint=digest,
                    new=True,
                )
            except BaseException:
                if data.fixture_id is not None and data.competition_id is not None:
                    released = _release_fixture(
                        state, data.competition_id, data.fixture_id, match_id, principal
                    )
                    await asyncio.shield(asyncio.ensure_future(released))
                raise
        return answer(record, can.access_of(principal, record.state, None), principal, 201)

    async def _rules_for(
        self, state: State, data: JSONBody[NewMatch], principal: NamedDependency[Principal]
    ) -> tuple[str, dict[str, Any]]:
        if data.competition_id is None:
            if data.rules is None:
                raise ApiError(400, "invalid-body", "give the rules (a preset) or a competition")
            return data.rules.preset, data.rules.settings()
        competition = await state.registry.competition(data.competition_id)
        can.require(
            principal.admin
            or principal.player_id in competition.organizers
            or principal.player_id in data.seats,
            "only its organizers or its players may add a game to a competition",
        )
        if competition.mesa is not None and not (
            principal.admin or principal.player_id in competition.organizers
        ):
            at_the_table = await at_the_mesa(state, parse_id(data.competition_id, "competition"))
            can.require(
                principal.player_id in at_the_table,
                "at a mesa, a game is added by its organizers or by a player at the mesa "
                "(seated in its latest game, or waiting)",
            )
        check_pairing(competition, [parse_id(p, "player") for p in data.seats])
        if data.stage is not None and competition.kind != "torneio":
            raise ApiError(422, "stage-outside-torneio", "only a torneio's games have a stage")
        preset = competition.rules.preset
        settings = {k: v for k, v in _settings(competition.rules).items() if k != "preset"}
        if data.rules is not None:
            asked = _settings_of(data.rules.preset, data.rules.settings())
            if competition.kind == "torneio" and asked != _settings(competition.rules):
                raise ApiError(422, "invalid-rules", "a torneio's games use its own rules")
            preset, settings = data.rules.preset, data.rules.settings()
        if competition.mesa is not None:
            check_mesa_game(resolve_rules(preset, settings), len(data.seats))
        return preset, settings

    @get("/{match_id:str}", operation_id="getMatch", summary="A game now")
    async def get_match(
        self,
        state: State,
        viewer: NamedDependency[Principal | None],
        match_id: MatchIdPath,
        at: Annotated[
            int | None,
            QueryParameter(
                ge=1, le=2**31 - 1, description="Show the game as it was after event N."
            ),
        ] = None,
    ) -> Response[MatchState]:
        matches: Matches = state.matches
        current = await matches.latest(match_id)
        record = current
        if at is not None and at < current.version:
            record = await matches.at_version(match_id, at)
        access = can.access_of(viewer, record.state, await competition_of(state, record))
        stale_after = stale_after_of(state)
        return answer(
            record, access, viewer, reveal=over_now(record, current), stale_after=stale_after
        )


async def _reserve_fixture(
    state: State,
    data: NewMatch,
    match_id: str,
    metadata: dict[str, object],
    principal: Principal,
) -> tuple[str, Level | None]:
    """A run torneio's fixture takes this game (first, so that two games never race for
    one fixture): its two teams must sit, the first on seats 0 and 2. Answers the stage
    label the game gets ("grupo A", "rodada 2", "final")."""
    if data.competition_id is None:
        raise ApiError(400, "invalid-body", "a fixture's game names its competition_id")
    if data.stage is not None:
        raise ApiError(400, "invalid-body", "a fixture's game gets its stage from the fixture")
    tournaments: Tournaments = state.tournaments
    tournament, _ = await tournaments.load(data.competition_id)
    fixture = tournament.fixture(data.fixture_id or "")
    if fixture is None:
        raise ApiError(404, "fixture-not-found", f"the torneio has no fixture {data.fixture_id!r}")
    never_created = await tournaments.never_created(fixture)
    seats = [parse_id(p, "player") for p in data.seats]
    teams = tournament.created.teams
    if fixture.entrants:
        can.require(
            principal.admin or principal.player_id in tournament.created.organizers,
            "only the torneio's organizers make a table's game",
        )
        entrants = tuple(still_in(tournament, fixture)) if fixture.table else fixture.entrants
        _check_table(tournament.created.teams, fixture.id, entrants, seats)
        if fixture.table is not None:
            await _all_joined(state, data.competition_id, seats)
        await tournaments.execute(
            data.competition_id,
            lambda current: attach(
                current, fixture.id, match_id, now(), never_created=never_created
            ),
            metadata,
        )
        return stage_label(tournament, fixture), session_level(tournament, fixture)
    home = frozenset(teams[fixture.home])
    away = frozenset(teams[fixture.away]) if fixture.away is not None else frozenset()
    if frozenset((seats[0], seats[2])) != home or frozenset((seats[1], seats[3])) != away:
        raise ApiError(
            422,
            "not-the-fixtures-teams",
            f"fixture {fixture.id}: team {fixture.home} sits on seats 0 and 2, "
            f"team {fixture.away} on seats 1 and 3",
        )
    await tournaments.execute(
        data.competition_id,
        lambda current: attach(current, fixture.id, match_id, now(), never_created=never_created),
        metadata,
    )
    return stage_label(tournament, fixture), None


async def _release_fixture(
    state: State, competition_id: str, fixture_id: str, match_id: str, principal: Principal
) -> None:
    """Give back the fixture a game took before its creation failed, unless the game was
    written after all (a connection lost at its commit): then the fixture keeps it."""
    tournaments: Tournaments = state.tournaments
    try:
        matches: Matches = state.matches
        if await matches.store.stream_version(stream_of(match_id)):
            return
        await tournaments.execute(
            competition_id,
            lambda current: release(current, fixture_id, match_id, now()),
            {"actor": principal.actor, **marks_of(principal)},
        )
    except Exception as error:  # the fixture lapses by itself (RESERVATION_LAPSES)
        log.warning("fixture %s of %s not released: %r", fixture_id, competition_id, error)


async def _all_joined(state: State, competition_id: str, seats: list[str]) -> None:
    """A session's hands count as they are played, before anyone confirms the game: every
    player at it has joined the torneio first, their consent (G23)."""
    members = await state.memberships.members(parse_id(competition_id, "competition"))
    missing = [p for p in seats if p not in members]
    if missing:
        raise ApiError(
            422,
            "consent-needed",
            f"player {missing[0]} has not joined this torneio: a table's session game "
            "counts its hands as they are played, for players who joined",
        )


def _check_table(
    teams: tuple[tuple[str, ...], ...], fixture_id: str, entrants: tuple[int, ...], seats: list[str]
) -> None:
    """A table of players alone seats its entrants, each once, in any order (G4)."""
    wanted = sorted(teams[e][0] for e in entrants)
    if len(entrants) == 1 or sorted(seats) != wanted:
        raise ApiError(
            422,
            "not-the-fixtures-teams",
            f"fixture {fixture_id} seats entrants {list(entrants)}: their players, each once",
        )


def at_level(preset: str, overrides: dict[str, Any], level: Level) -> dict[str, Any]:
    """A session of a tournament of chips plays its level's forced bets (G22)."""
    rules = resolve_rules(preset, overrides)
    assert isinstance(rules, BettingRules)
    leveled = rules.at_level(level.small_blind, level.big_blind)
    return {k: v for k, v in _settings(leveled).items() if k != "preset"}


def _settings(rules: GameRules) -> dict[str, Any]:
    return dict(msgspec.to_builtins(rules))


def _settings_of(preset: str, overrides: dict[str, Any]) -> dict[str, Any]:
    return _settings(resolve_rules(preset, overrides))
