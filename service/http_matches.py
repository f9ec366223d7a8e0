"""/v1/matches: create games, deal hands, post moves, results, penalties, corrections."""

from __future__ import annotations

import secrets
import uuid
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody, QueryParameter

from domain import (
    ALL_TILES,
    Abandon,
    AnnulHand,
    Confirm,
    CreateMatch,
    DomainError,
    GameRules,
    Pass,
    PerTeam,
    PlayTile,
    RecordPenalty,
    RecordResult,
    Rules,
    StartHand,
    UndoLastMove,
    resolve_rules,
)
from domain.competitions import check_pairing
from service import access as can
from service.auth import Principal, provide_principal, provide_viewer
from service.http_listing import (
    CompetitionFilter,
    Limit,
    MatchList,
    Offset,
    PlayerFilter,
    StageFilter,
    StatusFilter,
    list_matches,
)
from service.problems import ApiError
from service.records import Matches, MatchRecord
from service.registry import parse_id
from service.schemas import (
    MatchIdPath,
    NewAbandon,
    NewAnnulment,
    NewConfirmation,
    NewHand,
    NewMatch,
    NewMove,
    NewPenalty,
    NewResult,
    NewUndo,
)
from service.views import MatchState, over_now, visible_seats
from service.writes import (
    answer,
    competition_of,
    fingerprint,
    first_answer,
    idempotency_key,
    metadata,
    now,
    write,
)

_random = secrets.SystemRandom()


def server_deal(tiles_per_seat: int) -> tuple[list[list[str]], list[str]]:
    tiles = list(ALL_TILES)
    _random.shuffle(tiles)
    hands = [tiles[seat * tiles_per_seat : (seat + 1) * tiles_per_seat] for seat in range(4)]
    return hands, tiles[4 * tiles_per_seat :]


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
        first = await first_answer(state, key, digest)
        if first is not None:
            return answer(first, can.access_of(principal, first.state, None), principal, 201)
        for player in data.seats:
            await state.registry.player(player)
        preset, overrides = await self._rules_for(state, data, principal)
        match_id = str(uuid.uuid4())
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
            stage=data.stage,
        )
        matches: Matches = state.matches
        record = await matches.execute(
            match_id,
            lambda _: command,
            metadata(request, principal, key),
            idempotency_key=key,
            fingerprint=digest,
            new=True,
        )
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
        check_pairing(competition, [parse_id(p, "player") for p in data.seats])
        if data.stage is not None and competition.kind != "torneio":
            raise ApiError(422, "stage-outside-torneio", "only a torneio's games have a stage")
        fixed = {k: v for k, v in _settings(competition.rules).items() if k != "preset"}
        if data.rules is not None:
            asked = _settings_of(data.rules.preset, data.rules.settings())
            if competition.kind == "torneio" and asked != _settings(competition.rules):
                raise ApiError(422, "invalid-rules", "a torneio's games use its own rules")
            return data.rules.preset, data.rules.settings()
        return competition.rules.preset, fixed

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
        return answer(record, access, viewer, reveal=over_now(record, current))

    @post(
        "/{match_id:str}/hands",
        operation_id="startHand",
        summary="Deal the next hand",
        status_code=201,
        description='Post the deal (4 hands + dorme), or `{"deal": "server"}` to have the '
        "service shuffle it.",
    )
    async def start_hand(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewHand],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        if data.deal == "server":
            if data.hands is not None or data.dorme is not None:
                raise ApiError(400, "invalid-body", 'either post a deal or ask for "server"')
            return await self._server_deal(request, state, data, principal, match_id)
        if data.hands is None:
            raise ApiError(400, "invalid-body", 'post "hands" (and "dorme"), or "deal": "server"')
        hands, dorme = data.hands, data.dorme or []
        return await write(
            request,
            state,
            principal,
            match_id,
            lambda _, at: StartHand(at=at, hands=hands, dorme=dorme),
            lambda access, _: can.staff_only(access, "post a deal"),
            data.expected_version,
            deal="posted",
        )

    async def _server_deal(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewHand],
        principal: NamedDependency[Principal],
        match_id: str,
    ) -> Response[MatchState]:
        def deal(record: MatchRecord, at: Any) -> StartHand:
            rules = record.state.rules
            hands, dorme = server_deal(rules.tiles_per_seat if isinstance(rules, Rules) else 7)
            return StartHand(at=at, hands=hands, dorme=dorme)

        def authorize(access: can.Access, _: MatchRecord) -> None:
            can.require(
                access.staff or bool(access.seats),
                "only the game's players, scorekeeper or organizers may deal",
            )

        def void(record: MatchRecord) -> bool:
            """A voided deal (federacao: 4+ doubles) stays on record; deal again."""
            return record.state.hand is None and record.state.status == "in_progress"

        return await write(
            request,
            state,
            principal,
            match_id,
            deal,
            authorize,
            data.expected_version,
            again=void,
            deal="server",
        )

    @post(
        "/{match_id:str}/moves",
        operation_id="postMove",
        summary="Play a tile or pass",
        status_code=201,
    )
    async def move(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewMove],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        if data.pass_ == (data.tile is not None):
            raise ApiError(400, "invalid-body", 'send either a "tile" or "pass": true')
        seat, tile, end = data.seat, data.tile, data.end
        try:
            return await write(
                request,
                state,
                principal,
                match_id,
                (lambda _, at: Pass(at=at, seat=seat))
                if data.pass_
                else (lambda _, at: PlayTile(at=at, seat=seat, tile=tile or "", end=end)),
                lambda access, _: can.may_play_seat(access, seat),
                data.expected_version,
            )
        except DomainError as error:
            if error.code in _TELLS_A_HAND and not await _sees_seat(
                state, principal, match_id, seat
            ):
                # Whether seat N holds a tile is secret from whoever cannot see that hand:
                # the refusal must not let a scorekeeper probe it.
                raise ApiError(
                    422, "move-refused", "this move cannot be recorded for that seat"
                ) from None
            raise

    @post(
        "/{match_id:str}/results",
        operation_id="postResult",
        status_code=201,
        summary="Record a whole hand by its result",
        description="For scorekeepers without the deal: a batida (seat, kind) or a bloqueio "
        "(team pip sums). The service computes the points.",
    )
    async def result(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewResult],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        sums = None if data.sums is None else PerTeam(data.sums.A, data.sums.B)
        return await write(
            request,
            state,
            principal,
            match_id,
            lambda _, at: RecordResult(
                at=at, outcome=data.outcome, seat=data.seat, kind=data.kind, sums=sums
            ),
            lambda access, _: can.staff_only(access, "record a result"),
            data.expected_version,
        )

    @post(
        "/{match_id:str}/penalties",
        operation_id="postPenalty",
        status_code=201,
        summary="Record an infraction; its consequence follows the rule set",
    )
    async def penalty(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewPenalty],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        return await write(
            request,
            state,
            principal,
            match_id,
            lambda _, at: RecordPenalty(at=at, seat=data.seat, kind=data.kind, note=data.note),
            lambda access, _: can.staff_only(access, "record a penalty"),
            data.expected_version,
        )

    @post(
        "/{match_id:str}/abandon",
        operation_id="abandonMatch",
        status_code=201,
        summary="A team abandons: it loses the game",
    )
    async def abandon(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewAbandon],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        def authorize(access: can.Access, _: MatchRecord) -> None:
            own = {s % 2 for s in access.seats}
            team_side = None if data.team is None else (0 if data.team == "A" else 1)
            side = (
                team_side
                if team_side is not None
                else (None if data.seat is None else data.seat % 2)
            )
            can.require(
                access.staff or (side is not None and side in own),
                "a player may abandon only for their own team",
            )

        return await write(
            request,
            state,
            principal,
            match_id,
            lambda _, at: Abandon(at=at, team=data.team, seat=data.seat),
            authorize,
            data.expected_version,
        )

    @post(
        "/{match_id:str}/undo",
        operation_id="undoMove",
        status_code=201,
        summary="Take back the last play or pass of the hand in progress",
    )
    async def undo(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewUndo],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        return await write(
            request,
            state,
            principal,
            match_id,
            lambda _, at: UndoLastMove(at=at),
            lambda access, _: can.staff_only(access, "undo a move"),
            data.expected_version,
        )

    @post(
        "/{match_id:str}/annulments",
        operation_id="annulHand",
        status_code=201,
        summary="Annul the last finished hand (before confirmation)",
    )
    async def annul(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewAnnulment],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        return await write(
            request,
            state,
            principal,
            match_id,
            lambda _, at: AnnulHand(at=at, number=data.hand),
            lambda access, record: can.organizer_only(
                access, record.state.competition_id is not None, "annul a hand"
            ),
            data.expected_version,
        )

    @post(
        "/{match_id:str}/confirmations",
        operation_id="confirmMatch",
        status_code=201,
        summary="Confirm a finished game",
        description="By an organizer, or by one player of each team; then it is final.",
    )
    async def confirm(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewConfirmation],
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        matches: Matches = state.matches
        loaded = await matches.load(match_id)
        as_organizer = can.access_of(
            principal, loaded.state, await competition_of(state, loaded)
        ).sees_all

        def build(record: MatchRecord, at: Any) -> Confirm:
            if as_organizer:
                return Confirm(at=at, by="organizer", actor=principal.actor)
            seat = min(can.access_of(principal, record.state, None).seats)
            return Confirm(at=at, by="A" if seat % 2 == 0 else "B", actor=principal.actor)

        def authorize(access: can.Access, _: MatchRecord) -> None:
            can.require(
                access.admin or access.organizer or bool(access.seats),
                "only an organizer or a player of the game may confirm it",
            )

        return await write(
            request, state, principal, match_id, build, authorize, data.expected_version
        )


# Refusals that depend on what a seat holds: told apart, they would show its hand.
_TELLS_A_HAND = frozenset(
    {"tile-not-in-hand", "wrong-opening-tile", "tile-does-not-fit", "end-required", "must-play"}
)


async def _sees_seat(state: State, principal: Principal, match_id: str, seat: int) -> bool:
    matches: Matches = state.matches
    record = await matches.load(match_id)
    access = can.access_of(principal, record.state, await competition_of(state, record))
    return seat in visible_seats(record, principal.actor, access.sees_all)


def _settings(rules: GameRules) -> dict[str, Any]:
    return dict(msgspec.to_builtins(rules))


def _settings_of(preset: str, overrides: dict[str, Any]) -> dict[str, Any]:
    return _settings(resolve_rules(preset, overrides))
