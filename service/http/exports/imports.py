"""Paper records in bulk: `POST /v1/imports/games` takes NDJSON, one game a line (the shape
`/v1/exports/games` writes), and answers each line with its game's id or its error.

Each line is written through the service's own endpoints, in process, with the importer's
token: the game, each hand as a result (with its real times, D27), the closing of a betting
session closed between hands (P21), its confirmation when asked; so every rule, right and
check of those endpoints holds. Each write carries an Idempotency-Key made from the line's
`key` (or, without one, a hash of the line): posting
the same file again creates nothing and answers the same ids. The same key with another
line is a conflict (409 `import-key-conflict` for that line) and changes nothing: the game
it created stays as it was (service/http/exports/import_keys.py). A correction is a line of
its own, with its own key, that names what it replaces (`"replaces"`: the key of an earlier
line of the importer's, or a game's id): its game is written with its hands, then the
replaced game is cancelled, then the correction is confirmed; never a confirmed game (409
`replaced-game-confirmed`), nor by an importer who may not cancel it (403), both refused
before anything is written. A line
that fails after its game was created has that game cancelled (void: it counts nowhere) and
says so. The import is charged one write per line against the importer's rate limits
(address, token, player), all before anything is written: an import the allowance cannot
cover now is refused 429 with `Retry-After`, one larger than a whole allowance 413
`too-many-lines`, and nothing is written.
"""

from __future__ import annotations

import hashlib
import math
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, post
from litestar.di import NamedDependency, Provide
from litestar.types import Message
from msgspec import Meta

from domain import DomainError, resolve_rules
from service.http.auth import Principal, provide_principal
from service.http.exports.import_keys import (
    Plan,
    actor_of,
    as_recorded,
    conflict,
    recorded_game,
    replaced_game,
    same_as_recorded,
)
from service.http.matches.writes import IMPORT_LINE
from service.http.problems import ApiError, problem_body
from service.http.web.duplicate_keys import duplicate_key
from service.http.web.rate_limits import INTERNAL, charge_more
from service.store.event_store import EventStore

MAX_IMPORT_BYTES = 8 * 1024 * 1024
MAX_LINES = 5000


class ImportLine(msgspec.Struct, frozen=True, kw_only=True):
    """A line: written for the import, or a line of `/v1/exports/games` (its other fields,
    the score and times the service computes again, are read past)."""

    key: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    id: str | None = None  # an exported line's own id: its key when `key` is absent
    rules: dict[str, Any] | None = None
    seats: list[str]
    competition_id: str | None = None
    stage: str | None = None
    place: str | None = None
    notes: str = ""
    hands: list[dict[str, Any]] = []
    confirm: bool | None = None  # default: an exported line's status is "confirmed"
    status: str | None = None
    replaces: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    """A correction: the key of an earlier line of the importer's, or a game's id."""
    closed: bool = False
    """A betting session closed between hands (P17): closed again after its hands, at the
    line's `finished_at` when it gives one."""
    finished_at: str | None = None


class LineResult(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    line: Annotated[int, Meta(description="The line's number, from 1.")]
    id: Annotated[str | None, Meta(description="The game written, or cancelled.")] = None
    error: Annotated[
        dict[str, Any] | None, Meta(description="Why the line was refused (problem details).")
    ] = None
    cancelled: Annotated[
        bool, Meta(description="The line's game was created, then cancelled by its error.")
    ] = False
    replaced: Annotated[
        str | None,
        Meta(description="A correction (`replaces`): the game it cancelled and replaced."),
    ] = None


class ImportResult(msgspec.Struct, frozen=True, kw_only=True):
    imported: Annotated[int, Meta(description="Lines whose game was written.")]
    failed: Annotated[int, Meta(description="Lines refused.")]
    results: Annotated[list[LineResult], Meta(description="One per non-empty line, in order.")]


class ImportController(Controller):
    tags = ["matches"]
    dependencies = {"principal": Provide(provide_principal)}  # even for an empty file

    @post(
        "/v1/imports/games",
        operation_id="importGames",
        summary="Import paper records in bulk (NDJSON, one game a line)",
        description="Each line: `seats`, `rules` or `competition_id`, `place`, `notes`, "
        "`hands` (result bodies, each with its `played_at`), `closed` (a betting session "
        "closed between hands, P17: closed after its hands), `confirm`, and a `key` that "
        "makes it idempotent: the same key and the same line answer the same game; the same "
        "key with another line is refused for that line (409 `import-key-conflict`) and "
        "changes nothing. A correction is a line with a key of its own and `replaces`: the "
        "key of an earlier line of yours, or a game's id; its game is written with its hands, "
        "then the replaced game is cancelled (`replaced` in the line's answer), then the "
        "correction is confirmed; never a confirmed game (409 `replaced-game-confirmed`), nor "
        "by an importer who may not cancel it (403 `forbidden`), both before anything is "
        'written. A line exported `"status": "cancelled"` comes back cancelled. An '
        "`Idempotency-Key` header is not read: each line's key makes the import idempotent "
        "line by line (the same file again writes nothing more). "
        f"Up to {MAX_LINES} lines, {MAX_IMPORT_BYTES // 2**20} MiB.",
        status_code=200,
        request_max_body_size=MAX_IMPORT_BYTES,
    )
    async def import_games(
        self, request: Request[Any, Any, Any], principal: NamedDependency[Principal]
    ) -> ImportResult:
        raw = await request.body()
        lines = [(n, text) for n, text in enumerate(raw.split(b"\n"), 1) if text.strip()]
        _charge(request, min(len(lines), MAX_LINES))
        results = []
        for number, text in lines[:MAX_LINES]:
            results.append(await _import_line(request, number, text))
        for number, _ in lines[MAX_LINES:]:
            results.append(
                _refused(
                    number, 413, "too-many-lines", f"an import takes {MAX_LINES} lines at most"
                )
            )
        failed = sum(1 for r in results if r.error is not None)
        return ImportResult(imported=len(results) - failed, failed=failed, results=results)


def _charge(request: Request[Any, Any, Any], lines: int) -> None:
    """The lines after the first (which the request itself was charged as) against the
    importer's limits, or a refusal: nothing is written."""
    verdict = charge_more(request.scope, lines - 1)
    if verdict is None or verdict.allowed:
        return
    if math.isinf(verdict.retry_after):
        raise ApiError(
            413,
            "too-many-lines",
            f"an import of {lines} games is more than your rate limit allows at once"
            " (RateLimit-Limit): send it in smaller files",
        )
    retry_after = math.ceil(verdict.retry_after)
    raise ApiError(
        429,
        "rate-limited",
        f"an import of {lines} games counts {lines} writes, more than are left now:"
        f" retry in {retry_after} s (nothing was changed)",
        headers={"Retry-After": str(retry_after)},
    )


async def _import_line(request: Request[Any, Any, Any], number: int, text: bytes) -> LineResult:
    try:
        line = msgspec.json.decode(text, type=ImportLine)
        repeated = duplicate_key(text)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        return _refused(number, 400, "invalid-line", str(error))
    if repeated is not None:
        return _refused(
            number, 400, "invalid-line", f"the key `{repeated}` appears twice in one object"
        )
    with_nul = next(
        (f for f in ("key", "id", "replaces") if "\x00" in (getattr(line, f) or "")), None
    )
    if with_nul is not None:  # PostgreSQL takes no NUL: refused here, the line alone
        return _refused(number, 400, "invalid-text", f"the line's `{with_nul}` holds a NUL")
    for n, hand in enumerate(line.hands, 1):
        if not isinstance(hand.get("result", {}), dict | None):
            return _refused(number, 400, "invalid-line", f"hand {n}'s `result` is not an object")
    key = line.key or line.id or await _key_of_its_own(request, text.strip())
    created: dict[str, Any] = {"seats": line.seats, "notes": line.notes}
    for field in ("competition_id", "stage", "place"):
        if getattr(line, field) is not None:
            created[field] = getattr(line, field)
    if line.rules is not None:
        created["rules"] = _as_overrides(line.rules)
    confirm = bool(line.confirm or (line.confirm is None and line.status == "confirmed"))
    void = line.status == "cancelled"
    if void and confirm:
        return _refused(number, 400, "invalid-line", "a cancelled game is not confirmed")
    hands = [_result_body(h) for h in line.hands]
    closing = {"played_at": line.finished_at} if line.finished_at else {}
    close = closing if line.closed else None
    plan = Plan(key, created, hands, confirm, line.replaces, close=close, void=void)
    if len(key.encode()) > plan.key_room():
        return _refused(
            number,
            400,
            "invalid-line",
            f"the line's key (its `key`, else its `id`) has {len(key.encode())} bytes in UTF-8:"
            f" its writes' keys take {plan.key_room()} at most",
        )
    return await _write_line(request, number, plan)


async def _key_of_its_own(request: Request[Any, Any, Any], line: bytes) -> str:
    """The key of a line with neither key nor id: a digest of the line under the service's
    key (L9), since a plain one, kept in the database, would confirm a guessed line (its
    notes, its place); a line imported before under its plain digest keeps that one."""
    plain = hashlib.sha256(line).hexdigest()[:40]
    actor = await actor_of(request)
    if actor is not None and await recorded_game(request, actor, plain) is not None:
        return plain
    store: EventStore = request.app.state.store
    return store.seals.keyed(b"import line\n" + line).hex()[:40]


async def _write_line(request: Request[Any, Any, Any], number: int, plan: Plan) -> LineResult:
    actor = await actor_of(request)
    if actor is not None:
        plan = await as_recorded(request, actor, plan)
    same = await same_as_recorded(request, actor, plan) if actor else None
    if same is False:
        earlier = await recorded_game(request, actor, plan.key) if actor else None
        return LineResult(line=number, error=conflict(plan.key, earlier))
    replaced = await replaced_game(request, actor, plan) if plan.replaces else None
    if isinstance(replaced, dict):
        return LineResult(line=number, error=replaced)
    line_print = None if same else plan.line_digest()  # a line imported before: its own
    status, game = await _write(
        request, "/v1/matches", plan.created, plan.step_key("game"), line_print
    )
    if _reused(game):
        earlier = await recorded_game(request, actor, plan.key) if actor else None
        return LineResult(line=number, error=conflict(plan.key, earlier))
    if status != 201:
        return LineResult(line=number, error=game)
    match_id = str(game["id"])
    steps = plan.steps(match_id)
    if replaced is not None and not replaced.cancelled:
        # Before the confirmation: a correction whose replaced game stays is never final,
        # so it can still be cancelled, and never counts beside the game it replaces.
        at = len(steps) - 1 if plan.confirm else len(steps)
        steps.insert(at, (f"/v1/matches/{replaced.match_id}/cancellation", {}, "replaces"))
    now = game  # the correction's game as its last write left it
    for path, body, step in steps:
        if step == "replaces" and plan.confirm and now.get("status") != "finished":
            # Its confirmation would be refused after the replaced game is void: refused
            # here, the replaced game stays as it was.
            unfinished = msgspec.to_builtins(
                problem_body(
                    422,
                    "correction-not-finished",
                    f"a correction that confirms finishes its game, which its hands leave"
                    f" {now.get('status')}: nothing was replaced",
                )
            )
            return await _undone(request, number, plan, match_id, unfinished)
        status, answer = await _write(request, path, body, plan.step_key(step))
        if _reused(answer):  # another line with this key, written meanwhile
            return LineResult(line=number, error=conflict(plan.key, match_id))
        if status != 201:
            return await _undone(request, number, plan, match_id, answer)
        if step != "replaces":
            now = answer
    return LineResult(
        line=number, id=match_id, replaced=replaced.match_id if replaced is not None else None
    )


async def _undone(
    request: Request[Any, Any, Any], number: int, plan: Plan, match_id: str, error: dict[str, Any]
) -> LineResult:
    """The line failed after its game was created: that game is cancelled (void)."""
    cancelled, _ = await _write(
        request, f"/v1/matches/{match_id}/cancellation", {}, plan.step_key("cancel")
    )
    return LineResult(line=number, id=match_id, error=error, cancelled=cancelled == 201)


def _reused(answer: dict[str, Any]) -> bool:
    return answer.get("code") == "idempotency-key-reused"


_RULES_IN = {"preset", "target", "overrides"}
"""What `POST /v1/matches` takes as a game's rules."""


def _as_overrides(rules: dict[str, Any]) -> dict[str, Any]:
    """An exported game's effective rules as `POST /v1/matches` takes them: the preset, the
    target and the other settings that differ from the preset's (`overrides`); rules
    written that way already pass unchanged."""
    if set(rules) <= _RULES_IN:
        return rules
    try:
        defaults = msgspec.to_builtins(resolve_rules(str(rules.get("preset")), {}))
    except (DomainError, TypeError, ValueError):
        return rules  # an unknown preset: the endpoint says so
    changed = {k: v for k, v in rules.items() if k != "preset" and defaults.get(k) != v}
    target = {"target": changed.pop("target")} if "target" in changed else {}
    return {"preset": rules["preset"]} | target | ({"overrides": changed} if changed else {})


def _result_body(hand: dict[str, Any]) -> dict[str, Any]:
    """A result body, or an exported hand's `result` (a hand no result can say, a penalty,
    leaves its body empty: the endpoint refuses it and the line says why)."""
    if "result" in hand and "number" in hand:
        return dict(hand["result"] or {})
    return {k: v for k, v in hand.items() if v is not None}


def _refused(number: int, status: int, code: str, detail: str) -> LineResult:
    return LineResult(line=number, error=msgspec.to_builtins(problem_body(status, code, detail)))


async def _write(
    request: Request[Any, Any, Any],
    path: str,
    body: dict[str, Any],
    key: str,
    line_print: bytes | None = None,
) -> tuple[int, dict[str, Any]]:
    """POST `body` to one of the service's own endpoints, as the importer, in process
    (`line_print`: the fingerprint its Idempotency-Key keeps, the line's, not the body's)."""
    payload = msgspec.json.encode(body)
    headers = [
        (name, value)
        for name, value in request.scope["headers"]
        if name in (b"host", b"authorization", b"x-client-time")
    ]
    headers += [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(payload)).encode()),
        (b"idempotency-key", key[:300].encode()),
    ]
    scope: Any = {
        **{
            k: v
            for k, v in request.scope.items()
            if k in ("type", "asgi", "http_version", "scheme", "server", "client", "root_path")
        },
        "method": "POST",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": headers,
        "state": {},
        INTERNAL: True,
    }
    if line_print is not None:
        scope[IMPORT_LINE] = line_print
    sent = False

    async def receive() -> Any:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": payload, "more_body": False}

    answer: dict[str, Any] = {}
    chunks: list[bytes] = []

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await request.app(scope, receive, send)
    body_out = b"".join(chunks)
    try:
        decoded = msgspec.json.decode(body_out) if body_out else {}
    except msgspec.DecodeError:
        decoded = {"detail": body_out[:300].decode(errors="replace")}
    return int(answer.get("status", 500)), decoded if isinstance(decoded, dict) else {}
