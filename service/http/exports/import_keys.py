"""An import line's key (service/http/exports/imports.py): the same key and the same line
answer the same game; the same key with another line is a conflict, and nothing changes; a
correction says which game it replaces.

A line is "the same" when it makes the same writes: the game it creates, its hands, its
confirmation and what it replaces (`line_digest`), not its bytes (an exported line read
again with a field more is the same line). The game's creation carries that digest as its
idempotency fingerprint, so the database itself refuses a key used again for another line,
before anything is written. Lines imported before the digest was kept were fingerprinted by
their creation's body alone: for those, the line is compared write by write with what the
key recorded (`same_as_recorded`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from typing import Any

import msgspec
from litestar import Request

from service.http.auth import Principal, principal_of
from service.http.matches import access as can
from service.http.matches.writes import Incoming, competition_of, digest
from service.http.problems import ApiError
from service.http.web.idempotency import MAX_KEY_LENGTH
from service.store.errors import NotFound
from service.store.event_store import EventStore
from service.store.matches import Matches
from service.store.registry import Registry, parse_id

_CANONICAL = msgspec.json.Encoder(order="sorted")
STEPS = ("game", "close", "replaces", "void", "confirm", "cancel")
"""A line's writes but its hands (`hand:<n>`)."""


def as_sent(key: str) -> str:
    """A key as the service reads it back from the header its bytes (UTF-8) were sent in:
    an HTTP header's value is Latin-1, and that is the form the store keeps it in."""
    return key.encode().decode("latin-1")


@dataclass(frozen=True)
class Plan:
    """The writes a line makes, in order (the paths of the hands once its game is known)."""

    key: str
    created: dict[str, Any]
    hands: list[dict[str, Any]]
    confirm: bool
    replaces: str | None
    close: dict[str, Any] | None = None
    """A betting session closed between hands (P17): the closing's body, posted after its
    hands (its `played_at`, when the line says when it finished)."""
    void: bool = False
    """An exported game that was cancelled: cancelled again once its hands are written."""

    def line_digest(self) -> bytes:
        what: dict[str, Any] = {
            "game": self.created,
            "hands": self.hands,
            "confirm": self.confirm,
            "replaces": self.replaces,
        }
        if self.close is not None:  # a line that closes nothing keeps the digest it had
            what["close"] = self.close
        if self.void:  # as a line that closes nothing
            what["void"] = True
        return hashlib.sha256(b"import line\n" + _CANONICAL.encode(what)).digest()

    def step_key(self, step: str) -> str:
        """The Idempotency-Key of one of its writes."""
        return f"import:{self.key}:{step}"[:300]

    def scoped(self, actor: str, step: str) -> str:
        """The key one of its writes is kept under: its sender's, as the service read it."""
        return f"{actor}:{as_sent(self.step_key(step))}"

    def key_room(self) -> int:
        """The bytes its key (UTF-8) may have for every one of its writes' keys to be one
        the service takes: checked before anything is written, or a line would stop half
        way, its game written and a later write refused."""
        longest = max(len(step) for step in (*STEPS, f"hand:{len(self.hands)}"))
        return MAX_KEY_LENGTH - len(self.step_key("")) - longest + len(self.key)

    def steps(self, match_id: str) -> list[tuple[str, dict[str, Any], str]]:
        """The writes after the game's creation: (path, body, step)."""
        game = f"/v1/matches/{match_id}"
        out = [(f"{game}/results", hand, f"hand:{n}") for n, hand in enumerate(self.hands, 1)]
        if self.close is not None:
            out.append((f"{game}/closing", self.close, "close"))
        if self.void:
            out.append((f"{game}/cancellation", {}, "void"))
        if self.confirm:
            out.append((f"{game}/confirmations", {}, "confirm"))
        return out


def request_digest(path: str, body: dict[str, Any]) -> bytes:
    """The fingerprint the service keeps of one of the import's writes (as `_write` sends it)."""
    return digest(Incoming("POST", path, {}, msgspec.json.encode(body)))


def conflict(key: str, game_id: str | None) -> dict[str, Any]:
    """The line's error when its key was imported with another line (409)."""
    game = f" (game {game_id})" if game_id else ""
    return _problem(
        409,
        "import-key-conflict",
        f"the key {key!r} was imported with another line{game}; nothing was changed. To "
        f'correct that game, give this line a key of its own and "replaces": {key!r}',
    )


def _problem(status: int, code: str, detail: str) -> dict[str, Any]:
    return {
        "type": f"/problems/{code}",
        "title": code.replace("-", " "),
        "status": status,
        "code": code,
        "detail": detail,
    }


async def actor_of(request: Request[Any, Any, Any]) -> str | None:
    """Who imports, when their token is valid (else each write says why)."""
    try:
        return (await principal_of(request.app.state.tokens, request.scope)).actor
    except ApiError:
        return None


async def recorded_game(request: Request[Any, Any, Any], actor: str, key: str) -> str | None:
    """The game this importer's line with this key created, if any."""
    store: EventStore = request.app.state.store
    found = await store.key_records([f"{actor}:{as_sent(f'import:{key}:game'[:300])}"])
    return next((stream.removeprefix("match-") for _, stream in found.values()), None)


async def same_as_recorded(request: Request[Any, Any, Any], actor: str, plan: Plan) -> bool | None:
    """None: the key's game was not recorded the old way (by its creation's body alone);
    else whether every write of `plan` is the one the key recorded, and the key recorded no
    other (but the cancellation of a line that failed part way)."""
    store: EventStore = request.app.state.store
    scoped = {step: plan.scoped(actor, step) for step in ("game", "confirm", "cancel")}
    found = await store.key_records([scoped["game"]])
    if scoped["game"] not in found:
        return None
    fingerprint, stream = found[scoped["game"]]
    if not store.seals.is_kept(fingerprint, request_digest("/v1/matches", plan.created)):
        return None  # the line's digest: the database compares it
    if plan.replaces is not None:
        return False  # no line imported before replaced anything
    match_id = stream.removeprefix("match-")
    planned = {
        plan.scoped(actor, step): request_digest(path, body)
        for path, body, step in plan.steps(match_id)
    }
    more = plan.scoped(actor, f"hand:{len(plan.hands) + 1}")
    recorded = await store.key_records([*planned, scoped["confirm"], scoped["cancel"], more])
    cancelled = recorded.pop(scoped["cancel"], None) is not None
    if any(key not in planned for key in recorded):
        return False
    if any(not store.seals.is_kept(print_, planned[key]) for key, (print_, _) in recorded.items()):
        return False
    return cancelled or len(recorded) == len(planned)


async def as_recorded(request: Request[Any, Any, Any], actor: str, plan: Plan) -> Plan:
    """A line exported cancelled and imported before such a line came back cancelled was
    recorded as the same line without that: the same file again answers that game, as it
    was, not a conflict."""
    if not plan.void:
        return plan
    store: EventStore = request.app.state.store
    found = await store.key_records([plan.scoped(actor, "game")])
    if not found:
        return plan
    fingerprint, _ = next(iter(found.values()))
    earlier = replace(plan, void=False)
    return earlier if store.seals.is_kept(fingerprint, earlier.line_digest()) else plan


@dataclass(frozen=True)
class Replaced:
    """The game a correction replaces, and whether it is void already."""

    match_id: str
    cancelled: bool


async def replaced_game(
    request: Request[Any, Any, Any], actor: str | None, plan: Plan
) -> Replaced | dict[str, Any]:
    """The game a correction replaces (an import key of this importer's, else a game id),
    or the line's error: itself (400), unknown (404), confirmed (409)."""
    named = plan.replaces
    assert named is not None
    if named == plan.key:
        return _problem(
            400, "invalid-line", "a correction has a key of its own: it cannot replace itself"
        )
    match_id = await recorded_game(request, actor, named) if actor else None
    matches: Matches = request.app.state.matches
    try:
        record = await matches.latest(match_id or parse_id(named, "match"))
    except NotFound:
        return _problem(
            404, "match-not-found", f"{named!r} is neither an import key of yours nor a game"
        )
    if record.state.status == "confirmed":
        return _problem(
            409,
            "replaced-game-confirmed",
            f"game {record.match_id} is confirmed: its record is final, and no import "
            "replaces it; nothing was changed",
        )
    try:  # asked before anything is written, as the writes will ask it
        principal = await principal_of(request.app.state.tokens, request.scope)
        if plan.confirm:  # else the replaced game void, then its correction refused
            await _may_confirm(request, principal, plan)
        if record.state.status == "cancelled":  # void already: not cancelled again
            return Replaced(record.match_id, True)
        competition = await competition_of(request.app.state, record)
        access = can.access_of(principal, record.state, competition)
        can.organizer_only(access, competition is not None, "cancel the game a correction replaces")
    except ApiError as refused:
        return _problem(refused.status, refused.code, f"{refused.detail}; nothing was changed")
    return Replaced(record.match_id, False)


async def _may_confirm(request: Request[Any, Any, Any], principal: Principal, plan: Plan) -> None:
    """As the confirmation asks it (game_writes.py, `_may_confirm`): an administrator, an
    organizer of the game's competition, or a player seated at it."""
    if principal.admin or principal.player_id in plan.created.get("seats", ()):
        return
    competition_id = plan.created.get("competition_id")
    if competition_id is not None:
        registry: Registry = request.app.state.registry
        try:
            competition = await registry.competition(str(competition_id))
        except NotFound as missing:
            raise ApiError(404, f"{missing.what}-not-found", str(missing)) from None
        if principal.player_id in competition.organizers:
            return
    raise ApiError(403, "forbidden", "only an organizer or a player of the game may confirm it")
