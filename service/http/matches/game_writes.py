"""Every write on a game, declared once in `WRITES`: its path, its body, the command it sends
and who may send it. One handler serves them all; the game's own rules (through the
registry, `domain.game_of`) read a deal, a move or a result into the game's command."""

import secrets
from collections.abc import Callable
from typing import Any, cast

from litestar import Request, Response, Router, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.handlers import HTTPRouteHandler
from litestar.params import JSONBody
from msgspec.structs import replace

from domain import (
    Abandon,
    AnnulHand,
    Cancel,
    Command,
    Confirm,
    DomainError,
    PerTeam,
    RecordPenalty,
    UndoLastMove,
    game_of,
)
from domain.cards.betting.commands import CloseSession
from domain.match.guards import rules_of
from domain.match.requests import HandRequest, MoveRequest, ResultRequest, SideTally
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
    NewHand,
    NewMove,
    NewPenalty,
    NewResult,
    NewUndo,
)
from service.http.matches.views import MatchState
from service.http.matches.writes import Build, GameWrite, Sender, incoming, write
from service.http.problems import ApiError
from service.store.matches import MatchRecord

_random = secrets.SystemRandom()


def _deal(body: NewHand, _: Sender) -> Build:
    if body.deal == "server":
        if body.hands is not None or body.dorme is not None:
            raise ApiError(400, "invalid-body", 'either post a deal or ask for "server"')

        asked = HandRequest(hands=[], dealer=body.dealer, dealt=body.dealt, stacks=body.stacks)

        def shuffled(record: MatchRecord, at: Any) -> Command:
            game = game_of(rules_of(record.state))
            order = _random.sample(game.deck, len(game.deck))
            if game.served is not None:
                return game.served(record.state, order, at, asked)
            return game.shuffled(record.state, order, at)

        return shuffled
    if body.hands is None:
        raise ApiError(400, "invalid-body", 'post "hands" (and "dorme"), or "deal": "server"')
    request = HandRequest(
        hands=body.hands,
        dorme=body.dorme,
        dealer=body.dealer,
        trump_card=body.trump_card,
        vira=body.vira,
        starter=body.starter,
        stock=body.stock,
        mortos=body.mortos,
        dealt=body.dealt,
        stacks=body.stacks,
        board=body.board,
    )
    return lambda record, at: game_of(rules_of(record.state)).deal(request, at)


def _may_deal(body: NewHand, sender: Sender, _: MatchRecord) -> None:
    access = sender.access
    if body.deal == "server":
        can.require(
            access.staff or bool(access.seats),
            "only the game's players, scorekeeper or organizers may deal",
        )
    else:
        can.staff_only(access, "post a deal")


def _void_deal(body: NewHand) -> Callable[[MatchRecord], bool] | None:
    """A void deal (federacao: 4+ doubles) stays on record; the server deals again."""
    if body.deal != "server":
        return None
    return lambda record: record.state.hand is None and record.state.status == "in_progress"


def _move(body: NewMove, _: Sender) -> Build:
    if body.seat is None and body.board is None:
        raise ApiError(400, "invalid-body", 'a move names its "seat"')
    request = MoveRequest(
        seat=body.seat if body.seat is not None else 0,
        tile=body.tile,
        end=body.end,
        pass_=body.pass_,
        card=body.card,
        covered=body.covered,
        call=body.call,
        accept=body.accept,
        run=body.run,
        redeal=body.redeal,
        bid=body.bid,
        give=body.give,
        draw=body.draw,
        cards=body.cards,
        suit=body.suit,
        mau_mau=body.mau_mau,
        accuse=body.accuse,
        meld=body.meld,
        add=body.add,
        to=body.to,
        discard=body.discard,
        go_out=body.go_out,
        red_three=body.red_three,
        na_boa=body.na_boa,
        furar=body.furar,
        burned=body.burned,
        check=body.check,
        bet_to=body.bet_to,
        cover=body.cover,
        fold=body.fold,
        all_in=body.all_in,
        exchange=body.exchange,
        received=body.received,
        board=body.board,
    )

    def build(record: MatchRecord, at: Any) -> Command:
        game = game_of(rules_of(record.state))
        cards = game.restock(record.state)  # a new stock, should the draw need one (M13)
        if not cards or (request.draw is None and request.exchange is None):
            return game.move(request, at)
        return game.move(replace(request, restock=_random.sample(cards, len(cards))), at)

    return build


def _may_move(body: NewMove, sender: Sender, record: MatchRecord) -> None:
    """The seat's own player (who holds its cards, also when the hand is played blind), or
    staff who see its hand: a move for a seat whose hand the sender cannot see would tell,
    by its answer, what that hand holds."""
    if body.seat is not None:
        _at_the_table(body.seat, record)
    names_drawn = (body.draw is not None or body.red_three is not None) and (
        body.card is not None or body.cards is not None
    )
    names_drawn = names_drawn or body.board is not None or bool(body.received)
    if names_drawn and record.state.hand is not None:
        everyone = range(len(record.state.seats))
        if not all(sender.sees(record, seat) for seat in everyone):
            raise ApiError(403, "forbidden", _NAMES_DRAWN)
    if body.seat is None:  # a board named: who sees every hand, as for any card named
        can.staff_only(sender.access, "name the board")
        return
    if body.seat in sender.access.seats:
        return
    can.may_play_seat(sender.access, body.seat)
    if record.state.hand is not None and not sender.sees(record, body.seat):
        raise ApiError(403, "forbidden", _UNSEEN.format(seat=body.seat, what="move for it"))


def _at_the_table(seat: int, record: MatchRecord) -> None:
    """A seat the game's table does not have is a bad seat, whoever asks."""
    if record.state.status != "new":
        try:
            record.state.table.check_seat(seat)
        except DomainError as error:
            raise ApiError(422, error.code, error.message) from None


def _may_penalize(body: NewPenalty, sender: Sender, record: MatchRecord) -> None:
    """Staff; an irregular pass (accepted only when the seat holds a tile that fits) only
    from who sees the seat's hand."""
    _at_the_table(body.seat, record)
    can.staff_only(sender.access, "record a penalty")
    irregular = body.kind == "irregular-pass" and record.state.hand is not None
    if irregular and not sender.sees(record, body.seat):
        raise ApiError(403, "forbidden", _UNSEEN.format(seat=body.seat, what="record it"))


_NAMES_DRAWN = (
    "only who posted the deal (and sees every hand) names the cards drawn from a stock not "
    "posted: whether a card can come from it would tell what the other hands hold"
)
_UNSEEN = "only who sees seat {seat}'s hand may {what}: its player, or whoever posted the deal"


def _result(body: NewResult, _: Sender) -> Build:
    request = ResultRequest(
        outcome=body.outcome,
        seat=body.seat,
        kind=body.kind,
        sums=_pair(body.sums),
        points=list(body.points) if isinstance(body.points, list) else _pair(body.points),
        tricks=list(body.tricks) if isinstance(body.tricks, list) else _pair(body.tricks),
        bids=body.bids,
        winner=body.winner,
        cards_left=body.cards_left,
        ended_by=body.ended_by,
        cards=body.cards,
        void=body.void,
        sides=None if body.sides is None else {k: _tally(v) for k, v in body.sides.items()},
        value=body.value,
        tie=body.tie,
        net=None if body.net is None else dict(body.net),
        stacks=body.stacks,
        started_at=body.started_at,
        played_at=body.played_at,
    )
    return lambda record, at: game_of(rules_of(record.state)).result(request, at)


def _tally(count: Any) -> SideTally:
    return SideTally(
        melded=count.melded,
        limpa=count.limpa,
        suja=count.suja,
        mil=count.mil,
        in_hand=count.in_hand,
        morto=count.morto,
        red_threes=count.red_threes,
    )


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
        "a player may abandon only for their own team",
    )


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
        body=NewHand,
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
        body=NewMove,
        command=_move,
        who=_may_move,
        secret_seat=lambda body: body.seat,
    ),
    GameWrite(
        path="results",
        operation_id="postResult",
        summary="Record a whole hand by its result",
        description=bodies(
            "result", "For scorekeepers without the deal; the service computes the points."
        ),
        body=NewResult,
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
        who=_may_penalize,
        secret_seat=lambda body: body.seat,
    ),
    GameWrite(
        path="abandon",
        operation_id="abandonMatch",
        summary="A team abandons: it loses the game",
        description="By a player of that team, the scorekeeper or an organizer.",
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
        who=lambda _, sender, record: can.organizer_only(
            sender.access, record.state.competition_id is not None, "annul a hand"
        ),
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
        summary="Close a poker session between hands",
        description="Texas Hold'em and poker fechado: the table session ends, each seat placed "
        "by its final stack (P17). By the scorekeeper or an organizer.",
        body=NewClosing,
        command=lambda _, __: lambda ___, at: CloseSession(at=at),
        who=lambda _, sender, __: can.staff_only(sender.access, "close the session"),
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


def route(spec: GameWrite[Any]) -> HTTPRouteHandler:
    """The route of one write: the one handler, typed with this write's body."""

    async def handler(
        request: Request[Any, Any, Any],
        state: State,
        data: Any,
        principal: NamedDependency[Principal],
        match_id: MatchIdPath,
    ) -> Response[MatchState]:
        answer = await write(await incoming(request), state, principal, match_id, spec, data)
        return answer.response()

    handler.__annotations__ = {**handler.__annotations__, "data": cast(Any, JSONBody)[spec.body]}
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
