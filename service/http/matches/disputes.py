"""/v1/matches/{id}/disputes and /settlements: a seated player contests a finished game, an
organizer rules on it (design.md, "Disputes"; docs/rules-decisions.md, G30-G36)."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from litestar import Request, Response, Router, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import JSONBody
from msgspec import Meta

from domain.disputes.commands import Dispute, Settle
from service.http.auth import Principal, provide_principal
from service.http.matches import access as can
from service.http.matches.schemas import ExpectedVersion, MatchIdPath
from service.http.matches.views import MatchState
from service.http.matches.writes import Build, GameWrite, Sender, incoming, write
from service.http.problems import ApiError
from service.http.web.body import Body
from service.reads.stale import stale_after_of
from service.store.matches import MatchRecord

Text = Annotated[str, Meta(max_length=500)]


class NewDispute(Body, frozen=True, kw_only=True):
    reason: Annotated[
        str, Meta(min_length=1, max_length=500, description="Why the result is contested.")
    ]
    expected_version: ExpectedVersion = None


class NewSettlement(Body, frozen=True, kw_only=True):
    decision: Annotated[
        Literal["confirm", "annul"],
        Meta(description="confirm: the result stands and counts; annul: the game is void."),
    ]
    note: Annotated[Text, Meta(description="The ruling, in the organizer's words.")] = ""
    expected_version: ExpectedVersion = None


def _may_dispute(_: NewDispute, sender: Sender, record: MatchRecord) -> None:
    can.require(bool(sender.access.seats), "only a player seated in the game may dispute it")
    if record.state.fixture_id is not None and record.state.status == "confirmed":
        raise ApiError(  # G48: the torneio has moved on with its result
            409, "fixture-decided", "a torneio's game that decided its fixture is final"
        )


def _may_settle(_: NewSettlement, sender: Sender, record: MatchRecord) -> None:
    """G35: an organizer of its competition (outside one, its scorekeeper) or an
    administrator; never the player who raised the dispute."""
    access = sender.access
    can.organizer_only(access, record.state.competition_id is not None, "settle a dispute")
    raised = record.state.dispute
    can.require(
        access.admin or raised is None or raised.actor != sender.principal.actor,
        "the player who disputed a game does not settle it",
    )


def _settle(body: NewSettlement, sender: Sender) -> Build:
    actor, members = sender.principal.actor, sender.members
    return lambda _, at: Settle(
        at=at, actor=actor, decision=body.decision, note=body.note, members=members
    )


DISPUTE: GameWrite[NewDispute] = GameWrite(
    path="disputes",
    operation_id="disputeMatch",
    summary="Dispute a finished game",
    description="",
    body=NewDispute,
    command=lambda body, sender: (
        lambda _, at: Dispute(at=at, actor=sender.principal.actor, reason=body.reason)
    ),
    who=_may_dispute,
)
SETTLEMENT: GameWrite[NewSettlement] = GameWrite(
    path="settlements",
    operation_id="settleDispute",
    summary="Settle a disputed game",
    description="",
    body=NewSettlement,
    command=_settle,
    who=_may_settle,
    members=True,
)


@post(
    "/{match_id:str}/disputes",
    operation_id="disputeMatch",
    summary="Dispute a finished game",
    description="By a player seated in it, with their own token, before the game is "
    "confirmed or within DOMINO_DISPUTE_DAYS (7) of its end. From then on the game counts "
    "for nobody (rankings, statistics, ratings) until an organizer settles it; its state's "
    "status is `disputed` and its `dispute` says who, when and why. A game is disputed once.",
    status_code=201,
)
async def dispute_match(
    request: Request[Any, Any, Any],
    state: State,
    principal: NamedDependency[Principal],
    match_id: MatchIdPath,
    data: JSONBody[NewDispute],
) -> Response[MatchState]:
    window = stale_after_of(state)

    def command(body: NewDispute, sender: Sender) -> Build:
        actor = sender.principal.actor
        return lambda _, at: Dispute(at=at, actor=actor, reason=body.reason, window=window)

    spec = replace(DISPUTE, command=command)
    answer = await write(await incoming(request), state, principal, match_id, spec, data)
    return answer.response()


@post(
    "/{match_id:str}/settlements",
    operation_id="settleDispute",
    summary="Settle a disputed game",
    description='`{"decision": "confirm"}`: the result stands and the game is confirmed (it '
    "counts again for whom it counted, or, never confirmed before, for the players who "
    'confirmed it and the members of its competition); `{"decision": "annul"}`: the game '
    "is void for good (status `annulled`). By an organizer of its competition or an "
    "administrator (outside a competition, its scorekeeper); never by who disputed it.",
    status_code=201,
)
async def settle_dispute(
    request: Request[Any, Any, Any],
    state: State,
    principal: NamedDependency[Principal],
    match_id: MatchIdPath,
    data: JSONBody[NewSettlement],
) -> Response[MatchState]:
    answer = await write(await incoming(request), state, principal, match_id, SETTLEMENT, data)
    return answer.response()


DISPUTE_WRITES = Router(
    path="/v1/matches",
    route_handlers=[dispute_match, settle_dispute],
    dependencies={"principal": Provide(provide_principal)},
    tags=["matches"],
)
