"""What every write on a game shares: idempotency, expected version, access, metadata."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, cast

import msgspec
from litestar import MediaType, Response
from litestar.datastructures import State

from domain import Command, DomainError, HandResult, IllegalMove, game_of
from domain.competitions import CompetitionCreated
from domain.errors import TellsTheTable
from domain.match.game import Bodies
from service.http.auth import Principal
from service.http.marks import marks_of
from service.http.matches.access import Access, access_of
from service.http.matches.key_locks import KeyLocks
from service.http.matches.views import (
    MatchState,
    match_state,
    over_now,
    state_json,
    visible_seats,
)
from service.http.problems import ApiError
from service.http.web.conventions import GZIP_TAG_SUFFIX
from service.http.web.idempotency import IMPORT_LINE as IMPORT_LINE
from service.http.web.idempotency import Incoming as Incoming
from service.http.web.idempotency import WithHeaders
from service.http.web.idempotency import digest as digest
from service.http.web.idempotency import fingerprint as fingerprint
from service.http.web.idempotency import idempotency_key as idempotency_key
from service.http.web.idempotency import incoming as incoming
from service.http.web.request_ids import new_request_id
from service.http.web.strict_bodies import read_strictly
from service.reads.stale import STALE_AFTER, stale_after_of
from service.store.matches import Matches, MatchRecord
from service.store.members import Memberships

Build = Callable[[MatchRecord, datetime], Command]


def now() -> datetime:
    return datetime.now(UTC)


ERASED_TAG = "-e"
"""Between a game's version and how many of its texts were erased, in its ETag."""
STALE_TAG = "-s"
"""After a game's version in its ETag once it is stale: it turns so with time alone."""


def expected_version(request: WithHeaders, in_body: int | None) -> int | None:
    if in_body is not None:
        return in_body
    header = request.headers.get("if-match")
    if header is None or header.strip() == "*":  # "*": any version will do (RFC 9110)
        return None
    text = header.strip().removeprefix("W/").strip('"').removesuffix(GZIP_TAG_SUFFIX)
    text = text.partition(STALE_TAG)[0].partition(ERASED_TAG)[0]
    if not (text.isascii() and text.isdigit()) or len(text) > 12:  # "²".isdigit() too
        raise ApiError(400, "invalid-if-match", 'If-Match takes the game\'s version, e.g. "12"')
    return int(text)


def metadata(
    request: WithHeaders, principal: Principal, key: str | None, **extra: object
) -> dict[str, object]:
    data: dict[str, object] = {
        "actor": principal.actor,
        "request_id": (request.headers.get("x-request-id") or new_request_id())[:100],
    }
    if key is not None:
        data["idempotency_key"] = key
    data |= marks_of(principal)
    client_time = request.headers.get("x-client-time")
    if client_time:
        data["client_time"] = client_time[:64]
    return data | extra


async def competition_of(state: State, record: MatchRecord) -> CompetitionCreated | None:
    competition_id = record.state.competition_id
    return await state.registry.competition(competition_id) if competition_id else None


def _of_chips(competition: CompetitionCreated | None) -> bool:
    format_ = None if competition is None else competition.format
    return format_ is not None and format_.chips is not None


async def member_seats(state: State, record: MatchRecord) -> tuple[int, ...]:
    """The seats whose players joined the game's competition."""
    competition_id = record.state.competition_id
    if competition_id is None:
        return ()
    memberships: Memberships = state.memberships
    members = await memberships.members(competition_id)
    return tuple(seat for seat, player in enumerate(record.state.seats) if player in members)


class Answer(NamedTuple):
    """The game's state as one sender may see it, and its version (the ETag)."""

    status: int
    state: MatchState
    version: int
    erased: int = 0
    hands: tuple[HandResult, ...] = ()
    """The finished hands `state` lists, as the domain keeps them (`encoded`)."""

    @property
    def etag(self) -> str:
        """The version, then whether it is stale ("3-s") and how many of its texts were
        erased ("3-e1"): the same version then answers other bytes, which a cache must not
        keep."""
        stale = STALE_TAG if self.state.stale else ""
        erased = f"{ERASED_TAG}{self.erased}" if self.erased else ""
        return f'"{self.version}{stale}{erased}"'

    def encoded(self) -> bytes:
        """The answer's body: `state`'s JSON, its finished hands as encoded when they ended."""
        return state_json(self.state, self.hands)

    def response(self) -> Response[MatchState]:
        """`state` for its handler (its type is the OpenAPI document's), sent as `encoded`."""
        encoded = Response(
            self.encoded(),
            status_code=self.status,
            headers={"ETag": self.etag},
            media_type=MediaType.JSON,
        )
        return cast("Response[MatchState]", encoded)


def answered(
    record: MatchRecord,
    access: Access,
    principal: Principal | None,
    status: int = 200,
    reveal: bool | None = False,
    stale_after: timedelta = STALE_AFTER,
) -> Answer:
    seen = visible_seats(record, principal.actor if principal else None, reveal)
    body = match_state(record.match_id, record.version, record.state, seen, stale_after)
    return Answer(status, body, record.version, record.erased, record.state.hands)


def answer(
    record: MatchRecord,
    access: Access,
    principal: Principal | None,
    status: int = 200,
    reveal: bool | None = False,
    stale_after: timedelta = STALE_AFTER,
) -> Response[MatchState]:
    return answered(record, access, principal, status, reveal, stale_after).response()


async def first_answer(state: State, key: str | None, digest: bytes | None) -> MatchRecord | None:
    """The game as the first request with this key and body left it; None for a new key."""
    if key is None or digest is None:
        return None
    prior = await state.store.idempotent_result(key, digest)
    if prior is None:
        return None
    matches: Matches = state.matches
    return await matches.at_version(prior.stream_id.removeprefix("match-"), prior.last_version)


class Sender(msgspec.Struct, frozen=True):
    """Who sends a write, and what they may do to this game."""

    principal: Principal
    access: Access
    members: tuple[int, ...] = ()
    """For a write that asks (`GameWrite.members`): the seats whose players joined the
    game's competition."""
    table_session: bool = False
    """The game is a table's session in a tournament of chips: each of its hands counts in
    the torneio as it ends (G22)."""

    def sees(self, record: MatchRecord, seat: int) -> bool:
        """Whether this sender may see the seat's hand in progress."""
        return seat in visible_seats(record, self.principal.actor)


class VersionedBody(Protocol):
    @property
    def expected_version(self) -> int | None: ...


B = TypeVar("B", bound=VersionedBody)


@dataclass(frozen=True)
class GameWrite(Generic[B]):
    """A write on a game, declared once: where it is posted, its body, the command it sends
    and who may send it. `game_writes` turns each into a route; `write` serves them all."""

    path: str
    operation_id: str
    summary: str
    description: str
    body: type[B]
    command: Callable[[B, Sender], Build]
    """The command to decide, from the body (built against the game as it is then)."""
    who: Callable[[B, Sender, MatchRecord], None]
    """Refuses (403) a sender who may not send this write to this game."""
    again: Callable[[B], Callable[[MatchRecord], bool] | None] = lambda _: None
    """Decide the command anew after its own events while this says so (a void deal)."""
    metadata: Callable[[B], dict[str, object]] = lambda _: {}
    secret_seat: Callable[[B], int | None] = lambda _: None
    """The seat whose hand a refusal of this write could tell about (see `refusal`)."""
    members: bool = False
    """The command needs the seats whose players joined the game's competition."""
    own: Callable[[Bodies[Any, Any, Any]], type[Any]] | None = None
    """The game's own body of this write (`Game.bodies`): the request is read again,
    strictly, into it once the game is known."""

    def given(self, data: B | None) -> B:
        """The body as sent; none (or `null`, where the body may be left out) is the empty
        one. The decoders only let None through for a body that requires nothing."""
        return self.body() if data is None else data


async def write(
    request: Incoming,
    state: State,
    principal: Principal,
    match_id: str,
    spec: GameWrite[B],
    body: B,
) -> Answer:
    key = idempotency_key(request, principal)
    body_digest = digest(request) if key else None
    key_locks: KeyLocks = state.key_locks
    async with key_locks.held(key):
        return await _write(request, state, principal, match_id, spec, body, key, body_digest)


async def _write(
    request: Incoming,
    state: State,
    principal: Principal,
    match_id: str,
    spec: GameWrite[B],
    body: B,
    key: str | None,
    body_digest: bytes | None,
) -> Answer:
    matches: Matches = state.matches
    first = await first_answer(state, key, body_digest)
    if first is not None:
        return await _replayed(state, principal, first)
    record = await matches.load(match_id)
    body = own_body(request, record, spec, body)
    competition = await competition_of(state, record)
    access = access_of(principal, record.state, competition)
    counted_for_members = record.state.competition_id if spec.members else None
    sender = Sender(
        principal, access, (), record.state.fixture_id is not None and _of_chips(competition)
    )
    if counted_for_members is None:  # a move, a deal: no lock on its hot path
        record = await _decided(state, request, match_id, spec, body, sender, key, body_digest)
    else:
        memberships: Memberships = state.memberships
        async with memberships.steady(counted_for_members):
            members = await member_seats(state, record)
            sender = msgspec.structs.replace(sender, members=members)
            record = await _decided(state, request, match_id, spec, body, sender, key, body_digest)
    if key is not None and not matches.keeps(record):  # the first request's, written meanwhile
        return await _replayed(state, principal, record)
    return answered(record, access, principal, 201, stale_after=stale_after_of(state))


async def _replayed(state: State, principal: Principal, first: MatchRecord) -> Answer:
    """The game as a request left it, answered again (a retry with its key): what a hand
    ended since has made public is shown, and what the game keeps past the hand (a folded
    hand at poker) is shown to nobody but its seat, as a read of that version shows it."""
    matches: Matches = state.matches
    reveal = over_now(first, await matches.latest(first.match_id))
    access = access_of(principal, first.state, await competition_of(state, first))
    return answered(first, access, principal, 201, reveal, stale_after_of(state))


async def _decided(
    state: State,
    request: Incoming,
    match_id: str,
    spec: GameWrite[B],
    body: B,
    sender: Sender,
    key: str | None,
    body_digest: bytes | None,
) -> MatchRecord:
    """The write decided against the game as it is and appended."""
    build = spec.command(body, sender)

    def checked(current: MatchRecord) -> Command:
        """Access is checked on the very state the command is decided on, every time: a
        retry after a conflict (another write came first: a deal) is checked anew."""
        spec.who(body, sender, current)
        return build(current, now())

    matches: Matches = state.matches
    try:
        return await matches.execute(
            match_id,
            checked,
            metadata(request, sender.principal, key, **spec.metadata(body)),
            expected_version=expected_version(request, body.expected_version),
            idempotency_key=key,
            fingerprint=body_digest,
            again=spec.again(body),
        )
    except DomainError as error:
        seat = spec.secret_seat(body)
        raise await refusal(state, sender.principal, match_id, seat, error) from None


def own_body(request: Incoming, record: MatchRecord, spec: GameWrite[B], body: B) -> B:
    """The body as the game's own, when the game declares one for this write."""
    rules = record.state.rules
    bodies = None if rules is None else game_of(rules).bodies
    if spec.own is None or bodies is None:
        return body
    own: B = read_strictly(request.body, spec.own(bodies), request.method, request.path)
    return own


async def refusal(
    state: State, principal: Principal, match_id: str, seat: int | None, error: DomainError
) -> Exception:
    """The error to answer: the domain's own, unless the sender may not see the seat's hand
    (a blind hand's own player): then every refusal of the rules is the same, since one
    that depends on the hand (`TellsAHand`), or one decided after such a check passed,
    would tell what the hand holds. (Anyone else who cannot see a hand may not move for
    its seat at all: 403 before the rules are asked.)"""
    if seat is None or not isinstance(error, IllegalMove):
        return error
    matches: Matches = state.matches
    record = await matches.load(match_id)
    seen = visible_seats(record, principal.actor)
    whole_table = not isinstance(error, TellsTheTable) or len(seen) == len(record.state.seats)
    if seat in seen and whole_table:
        return error
    return ApiError(422, "move-refused", "this cannot be recorded for that seat")
