"""Every write on a game, declared once in `WRITES`: its path, its body, the command it sends
and who may send it. One handler serves them all; the game's own rules (through the
registry, `domain.game_of`) read a deal, a move or a result into the game's command."""

import secrets
from collections.abc import Callable
from typing import Any, cast

import msgspec
from litestar import Request, Response, Router, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.params import JSONBody

from domain import (
    Abandon,
    AnnulHand,
    Cancel,
    Command,
    Confirm,
    PerTeam,
    RecordPenalty,
    UndoLastMove,
    game_of,
)
from domain.cards.betting.commands import CloseSession
from domain.match.bodies import DealBody, MoveBody, ResultBody, WriteBody
from domain.match.game import Bodies
from domain.match.guards import rules_of
from domain.tournament.chips import session_hand_annulled
from service.http.auth import Principal, provide_principal
from service.http.matches import access as can
from service.http.matches.described import bodies
from service.http.matches.schemas import (
    MatchIdPath,
    NewAbandon,
    NewAnnulment,
    NewCancellation,
    NewClosing,
    NewConfirmation,
    NewPenalty,
    NewUndo,
)
from service.http.matches.seats import may_move, may_penalize, mover
from service.http.matches.views import MatchState
from service.http.matches.writes import Build, GameWrite, Sender, incoming, write
from service.http.problems import ApiError
from service.store.matches import MatchRecord

_random = secrets.SystemRandom()


def _deal(body: DealBody, _: Sender) -> Build:
    """A deal in the game's own body: posted, or made by the service (a game may take what
    the body asks besides the cards: the seats dealt in, the stacks)."""
    if body.mixed():
        raise ApiError(400, "invalid-body", 'either post a deal or ask for "server"')
    if body.deal != "server":
        return lambda record, at: _bodies(record).dealt(body, at)

    def shuffled(record: MatchRecord, at: Any) -> Command:
        game = game_of(rules_of(record.state))
        order = _random.sample(game.deck, len(game.deck))
        served = _bodies(record).served
        if served is not None:
            return served(record.state, order, at, body)
        return game.shuffled(record.state, order, at)

    return shuffled


def _bodies(record: MatchRecord) -> Bodies[Any, Any, Any]:
    return game_of(rules_of(record.state)).bodies


def _may_deal(body: DealBody, sender: Sender, _: MatchRecord) -> None:
    access = sender.access
    if body.deal == "server":
        can.require(
            access.staff or bool(access.seats),
            "only the game's players, scorekeeper or organizers may deal",
        )
    else:
        can.staff_only(access, "post a deal")


def _void_deal(body: DealBody) -> Callable[[MatchRecord], bool] | None:
    """A void deal (federacao: 4+ doubles) stays on record; the server deals again."""
    if body.deal != "server":
        return None
    return lambda record: record.state.hand is None and record.state.status == "in_progress"


def _move(body: MoveBody, _: Sender) -> Build:
    def build(record: MatchRecord, at: Any) -> Command:
        game = game_of(rules_of(record.state))
        cards = game.restock(record.state)  # a new stock, should the draw need one (M13)
        restock = _random.sample(cards, len(cards)) if cards else []
        return _bodies(record).moved(body, at, restock)

    return build


def _result(body: ResultBody, _: Sender) -> Build:
    return lambda record, at: _bodies(record).recorded(body, at)


def _pair(pair: Any) -> PerTeam | None:
    return None if pair is None else PerTeam(pair.A, pair.B)


def _penalty(body: NewPenalty, _: Sender) -> Build:
    return lambda _, at: RecordPenalty(
        at=at, seat=body.seat, kind=body.kind, note=body.note, sums=_pair(body.sums)
    )


def _may_abandon(body: NewAbandon, sender: Sender, record: MatchRecord) -> None:
    access, table = sender.access, record.state.table
    own = {table.side_of(s) for s in access.seats}
    seat_ok = body.seat is not None and 0 <= body.seat < table.seats
    side = body.team or (table.side_of(body.seat) if seat_ok and body.seat is not None else None)
    can.require(
        access.staff or (side is not None and side in own),
        "a player may abandon only for their own team (or seat)",
    )


def _may_annul(_: NewAnnulment, sender: Sender, record: MatchRecord) -> None:
    can.organizer_only(sender.access, record.state.competition_id is not None, "annul a hand")
    if sender.table_session:
        session_hand_annulled(len(record.state.hands))


def _confirm(_: NewConfirmation, sender: Sender) -> Build:
    """An organizer away from the table (or an administrator) confirms for the members of
    the game's competition; a player for their own side (design.md, "Who may make a game
    count")."""
    actor, access = sender.principal.actor, sender.access
    if access.official:
        members = sender.members
        return lambda _, at: Confirm(at=at, by="organizer", actor=actor, members=members)
    return lambda record, at: Confirm(
        at=at, by=record.state.table.side_of(min(access.seats)), actor=actor
    )


def _close(body: NewClosing, sender: Sender) -> Build:
    """P17: the scorekeeper or an organizer closes the session at once; a seated player asks
    for their own seat, and it closes once every seat has (D27: when it was, if said)."""
    access = sender.access
    when = body.played_at
    if access.staff:
        return lambda _, at: CloseSession(at=at, played_at=when)
    return lambda _, at: CloseSession(at=at, seat=min(access.seats), played_at=when)


def _may_close(_: NewClosing, sender: Sender, __: MatchRecord) -> None:
    access = sender.access
    can.require(
        access.staff or bool(access.seats),
        "only the game's players, scorekeeper or organizers may close the session",
    )


def _may_confirm(_: NewConfirmation, sender: Sender, __: MatchRecord) -> None:
    access = sender.access
    can.require(
        access.admin or access.organizer or bool(access.seats),
        "only an organizer or a player of the game may confirm it",
    )


WRITES: tuple[GameWrite[Any], ...] = (
    GameWrite(
        path="hands",
        operation_id="startHand",
        summary="Deal the next hand",
        description='Post the deal, or `{"deal": "server"}` to have the service shuffle it: '
        "each seat's hand in seat order (and what the game turns up or leaves aside: the "
        "dorme, a trump card, a vira). Each game's posted deal is among the examples.",
        body=WriteBody,
        own=lambda bodies: bodies.deal,
        command=_deal,
        who=_may_deal,
        again=_void_deal,
        metadata=lambda body: {"deal": "server" if body.deal == "server" else "posted"},
    ),
    GameWrite(
        path="moves",
        operation_id="postMove",
        summary="Play a tile or a card, pass, raise or answer a raise",
        description=bodies(
            "move", 'A tile or a card: `{"seat": 1, "card": "7H"}`; each game\'s other moves:'
        ),
        body=WriteBody,
        own=lambda bodies: bodies.move,
        command=_move,
        who=may_move,
        secret_seat=mover,
    ),
    GameWrite(
        path="results",
        operation_id="postResult",
        summary="Record a whole hand by its result",
        description=bodies(
            "result", "For scorekeepers without the deal; the service computes the points."
        ),
        body=WriteBody,
        own=lambda bodies: bodies.result,
        command=_result,
        who=lambda _, sender, __: can.staff_only(sender.access, "record a result"),
    ),
    GameWrite(
        path="penalties",
        operation_id="postPenalty",
        summary="Record an infraction; its consequence follows the rules of the game",
        description="A warning is only recorded; an infraction that costs the hand ends it "
        "for the other team.",
        body=NewPenalty,
        command=_penalty,
        who=may_penalize,
        secret_seat=lambda body: body.seat,
    ),
    GameWrite(
        path="abandon",
        operation_id="abandonMatch",
        summary="A team, or a seat, abandons: it loses the game",
        description="By a player of that side, the scorekeeper or an organizer. At a table "
        "of two sides (two teams, or two seats) the other side wins. At a table of more (a "
        'game played alone: `{"seat": 2}`) the game ends with that seat last and the others '
        "placed by the game's own order as it stands (its points, lives or stacks; the hand "
        "in progress dropped): docs/rules-decisions.md, C12.",
        body=NewAbandon,
        command=lambda body, _: lambda __, at: Abandon(at=at, team=body.team, seat=body.seat),
        who=_may_abandon,
    ),
    GameWrite(
        path="undo",
        operation_id="undoMove",
        summary="Take back the last move of the hand in progress",
        description="A tile, a pass, a card, a raise or its acceptance; a move that ended a "
        "hand is corrected by annulling the hand.",
        body=NewUndo,
        command=lambda _, __: lambda ___, at: UndoLastMove(at=at),
        who=lambda _, sender, __: can.staff_only(sender.access, "undo a move"),
    ),
    GameWrite(
        path="annulments",
        operation_id="annulHand",
        summary="Annul the last finished hand (before confirmation)",
        description="By an organizer; outside a competition, by the scorekeeper too.",
        body=NewAnnulment,
        command=lambda body, _: lambda __, at: AnnulHand(at=at, number=body.hand),
        who=_may_annul,
    ),
    GameWrite(
        path="cancellation",
        operation_id="cancelMatch",
        summary="Cancel a game created by mistake (before its confirmation)",
        description="It is void and counts nowhere; a torneio's fixture it played is free "
        "again for another game. By an organizer; outside a competition, by the scorekeeper.",
        body=NewCancellation,
        command=lambda _, sender: lambda __, at: Cancel(at=at, actor=sender.principal.actor),
        who=lambda _, sender, record: can.organizer_only(
            sender.access, record.state.competition_id is not None, "cancel a game"
        ),
    ),
    GameWrite(
        path="closing",
        operation_id="closeSession",
        summary="Close a session between hands (the games played as sessions: the betting games)",
        description="Between hands, a session of a betting game ends, "
        "each seat placed by its final stack (P17). The scorekeeper or an organizer closes it "
        "at once; a seated player asks for their own seat (the state's `closing` lists the "
        "seats that have asked), and it closes when every seat has. A hand played in between "
        "puts the requests aside.",
        body=NewClosing,
        command=_close,
        who=_may_close,
    ),
    GameWrite(
        path="confirmations",
        operation_id="confirmMatch",
        summary="Confirm a finished game",
        description="By an organizer, or by one player of each team; then it is final.",
        body=NewConfirmation,
        command=_confirm,
        who=_may_confirm,
        members=True,
    ),
)


def _nothing_required(kind: type[Any]) -> bool:
    return not any(f.required for f in msgspec.structs.fields(kind))


def route(spec: GameWrite[Any]) -> HTTPRouteHandler:
    """The route of one write: the one handler, typed with this write's body."""

    empty = spec.own is not None or _nothing_required(spec.body)

    async def handler(
        request: Request[Any, Any, Any],
        state: State,
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
        data: Any = None,
    ) -> Response[MatchState]:
        body = spec.given(data)  # a game's own: read again
        answer = await write(await incoming(request), state, principal, match_id, spec, body)
        return answer.response()

    # A body that requires nothing may be left out (`{}` or none: a confirmation); a game's
    # own is any object here, read again into the game's struct once the game is known.
    given = dict[str, Any] if spec.own is not None else spec.body
    body = given | None if empty else given
    handler.__annotations__ = {**handler.__annotations__, "data": cast(Any, JSONBody)[body]}
    handler.__name__ = handler.__qualname__ = spec.operation_id
    return post(
        f"/{{match_id:str}}/{spec.path}",
        operation_id=spec.operation_id,
        summary=spec.summary,
        description=spec.description,
        status_code=201,
    )(handler)


GAME_WRITES = Router(
    path="/v1/matches",
    route_handlers=[route(spec) for spec in WRITES],
    dependencies={"principal": Provide(provide_principal)},
    tags=["matches"],
)
