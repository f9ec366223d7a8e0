"""Adversarial fuzzer: every operation of openapi/openapi.json, and the HTML pages, with
real ids (players, games of several presets, competitions, a torneio, a tournament of chips,
a mesa) and with malformed paths, queries at and beyond their bounds, odd types, huge
numbers, unicode oddities, duplicate keys, deep JSON, empty bodies, wrong content types and
bodies valid for one game sent to another.

Every 5xx, every /v1 error that is not problem+json, and every refused write (4xx) that
changed a stored table is recorded (not asserted at once, so hypothesis keeps exploring) and
written, with the request counts and sample answers, to .fuzz/findings.json; the last test
fails if any was found.

Run: scripts/fuzz (FUZZ_EXAMPLES sets hypothesis' examples per test; default 400).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import traceback
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg
import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import ADMIN, Player, bearer, register, seat_a_table, serve
from tests.api.play import Game, join_all, prepared
from tests.conftest import Database, fresh_database

ROOT = Path(__file__).resolve().parents[2]
DOC = json.loads((ROOT / "openapi" / "openapi.json").read_text())
SCHEMAS = DOC["components"]["schemas"]
EXAMPLES_PER_TEST = int(os.environ.get("FUZZ_EXAMPLES", "400"))
REPORT = ROOT / ".fuzz" / "findings.json"

EXAMPLE_PLAYERS = [
    "6f1c2d9e-4a7b-4f0e-9d3c-2b8a1e5f7c40",
    "9a0e5b1c-8d2f-4e3a-b6c7-1d2e3f4a5b6c",
    "c31b7a2d-5e4f-4a6b-8c9d-0e1f2a3b4c5d",
    "77d20f3e-6a5b-4c7d-9e8f-1a2b3c4d5e6f",
]
EXAMPLE_COMPETITION = "2f6c1a70-0d5e-4f7e-8a51-3c1d2e9b4a10"
PRESETS = [
    "pontos", "sueca", "truco", "copas", "buraco", "texas-holdem", "espadas", "mau-mau",
    "cacheta", "poker", "tranca", "mega-buraco",
]  # fmt: skip


# --- the document -----------------------------------------------------------------------------


def resolve(schema: Any) -> Any:
    while isinstance(schema, dict) and "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def enum_values(schema: Any) -> list[Any]:
    schema = resolve(schema)
    if not isinstance(schema, dict):
        return []
    found = list(schema.get("enum", []))
    for key in ("oneOf", "anyOf", "allOf"):
        for sub in schema.get(key, []):
            found += enum_values(sub)
    return found


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    params: tuple[tuple[str, str, Any], ...]  # (name, in, schema)
    examples: tuple[Any, ...]

    @property
    def name(self) -> str:
        return f"{self.method} {self.path}"


def operations() -> list[Operation]:
    found = []
    for path, ops in DOC["paths"].items():
        for method, op in ops.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            params = tuple(
                (p["name"], p["in"], p.get("schema", {})) for p in op.get("parameters", [])
            )
            examples: list[Any] = []
            for content in op.get("requestBody", {}).get("content", {}).values():
                for example in content.get("examples", {}).values():
                    examples.append(example.get("value"))
                if "example" in content:
                    examples.append(content["example"])
            found.append(Operation(method.upper(), path, params, tuple(examples)))
    return found


OPERATIONS = operations()
ALL_EXAMPLES = [e for op in OPERATIONS for e in op.examples]


# --- the world the fuzzer plays in ---------------------------------------------------------------


@dataclass
class World:
    client: httpx.AsyncClient
    database: Database
    players: list[Player]
    scorekeeper: Player
    outsider: Player
    victims: list[Player]
    matches: dict[str, str]  # label -> id
    competitions: dict[str, str]
    fixtures: list[str]
    findings: list[dict[str, Any]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    errors_logged: list[str] = field(default_factory=list)
    connection: Any = None
    outcomes: dict[str, int] = field(default_factory=dict)
    samples: list[dict[str, Any]] = field(default_factory=list)
    exported: list[dict[str, Any]] = field(default_factory=list)

    def ids(self) -> list[str]:
        return [
            *(p.id for p in self.players),
            self.scorekeeper.id,
            self.outsider.id,
            *self.matches.values(),
            *self.competitions.values(),
            *self.fixtures,
        ]


def mapped(value: Any, world: World) -> Any:
    """An example with its sample ids replaced by the world's real ones."""
    text = json.dumps(value)
    for sample, player in zip(EXAMPLE_PLAYERS, world.players, strict=True):
        text = text.replace(sample, player.id)
    text = text.replace(EXAMPLE_COMPETITION, world.competitions["torneio"])
    return json.loads(text)


class Captured(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__()
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.into.append("".join(traceback.format_exception(*record.exc_info))[-3000:])
        else:
            self.into.append(record.getMessage()[:1000])


async def build_world(client: httpx.AsyncClient, database: Database) -> World:
    table = await seat_a_table(client)
    victims = [await register(client, f"Vítima {n}") for n in range(4)]
    world = World(client, database, table.players, table.scorekeeper, table.outsider, victims,
                  {}, {}, [])  # fmt: skip
    create = DOC["paths"]["/v1/matches"]["post"]["requestBody"]["content"]["application/json"]
    # A torneio run by the service (the document's example), its members joined.
    run = DOC["paths"]["/v1/competitions"]["post"]["requestBody"]["content"]["application/json"]
    world.competitions["torneio"] = "placeholder"
    body = mapped(run["examples"]["run"]["value"], world)
    made = await client.post("/v1/competitions", json=body, headers=table.scorekeeper.auth)
    assert made.status_code == 201, made.text
    world.competitions["torneio"] = made.json()["id"]
    await join_all(client, world.competitions["torneio"], table.players)
    amistoso = mapped(run["examples"]["amistoso"]["value"], world)
    made = await client.post("/v1/competitions", json=amistoso, headers=table.scorekeeper.auth)
    assert made.status_code == 201, made.text
    world.competitions["amistoso"] = made.json()["id"]
    mesa = {"name": "Mesa", "kind": "amistoso", "rules": {"preset": "pontos"},
            "mesa": {"draw": "higher"}}  # fmt: skip
    made = await client.post("/v1/competitions", json=mesa, headers=table.scorekeeper.auth)
    assert made.status_code == 201, made.text
    world.competitions["mesa"] = made.json()["id"]
    from tests.api.test_tournament_of_chips import tournament

    chips, _ = await tournament(client, table.scorekeeper, 8)
    world.competitions["chips"] = chips
    solo = {"name": "Swiss", "kind": "torneio", "rules": {"preset": "copas"},
            "teams": [[p.id] for p in [*table.players, *victims]],
            "format": {"stages": [{"kind": "swiss", "rounds": 3}]}}  # fmt: skip
    made = await client.post("/v1/competitions", json=solo, headers=table.scorekeeper.auth)
    if made.status_code == 201:
        world.competitions["swiss"] = made.json()["id"]
        await join_all(client, made.json()["id"], [*table.players, *victims])
    for competition in list(world.competitions.values()):
        listed = await client.get(f"/v1/competitions/{competition}/fixtures")
        if listed.status_code == 200:
            text = json.dumps(listed.json())
            world.fixtures += sorted(set(re.findall(r'"id": "([^"]+)"', text)))[:6]
    # Games of many presets, some dealt by the server.
    for preset in PRESETS:
        body = mapped(create["examples"][preset]["value"], world)
        made = await client.post("/v1/matches", json=body, headers=table.scorekeeper.auth)
        assert made.status_code == 201, made.text
        world.matches[preset] = made.json()["id"]
        dealt = await client.post(
            f"/v1/matches/{made.json()['id']}/hands",
            json={"deal": "server"},
            headers=table.scorekeeper.auth,
        )
        if dealt.status_code == 201:
            world.matches[preset + "-dealt"] = world.matches.pop(preset)
    # A torneio game, one played to its end, one with one hand.
    body = mapped(create["examples"]["torneio"]["value"], world)
    made = await client.post("/v1/matches", json=body, headers=table.scorekeeper.auth)
    if made.status_code == 201:
        world.matches["torneio"] = made.json()["id"]
    for state in ("finished", "one hand", "opened"):
        game: Game = await prepared(client, table, state)
        world.matches["pontos-" + state] = game.id
    finished = world.matches["pontos-finished"]
    done = await client.post(f"/v1/matches/{finished}/confirmations", json={},
                             headers=table.players[0].auth)  # fmt: skip
    world.counts["setup-confirm"] = done.status_code
    return world


@pytest.fixture(scope="module")
async def world(admin_dsn: str, template: str) -> AsyncIterator[World]:
    async with fresh_database(admin_dsn, template) as database, serve(database) as client:
        built = await build_world(client, database)
        handler = Captured(built.errors_logged)
        logging.getLogger("domino.problems").addHandler(handler)
        try:
            yield built
        finally:
            logging.getLogger("domino.problems").removeHandler(handler)
            if built.connection is not None:
                await built.connection.close()
            REPORT.parent.mkdir(parents=True, exist_ok=True)
            REPORT.write_text(
                json.dumps(
                    {
                        "counts": built.counts,
                        "outcomes": dict(sorted(built.outcomes.items())),
                        "findings": built.findings,
                        "samples": built.samples,
                    },
                    indent=1,
                    default=str,
                )
            )


# --- what the fuzzer sends ------------------------------------------------------------------------

ODD_TEXT = [
    "", " ", "\x00", "a\x00b", "\u202e", "\u200f", "\u200b", "\ufeff", "¹²³", "٣", "①",
    "\ud800", "\udfff", "𝟘", "ǅ", "İ", "ß", "\u0301", "🂡", "Zé", "%", "%00", "%ff", "\\",
    "'", '"', "<script>", "{{ 7*7 }}", "${x}", "../..", "a" * 101, "a" * 10001, "\n", "\t",
    "null", "true", "NaN", "Infinity", "-0", "1e400", "0x10", "+5", " 1", "1 ", "１",
]  # fmt: skip
ODD_NUMBERS = [
    0, -1, 1, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**40, 1.5, -0.0, 1e308,
]  # fmt: skip
DATES = [
    "2025-05-01", "2025-05-01T20:00:00-03:00", "2024-02-30", "2025-13-01", "0000-01-01",
    "0001-01-01", "9999-12-31", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00",
    "2025-05-01T20:00:00", "2025-05-01T25:00:00Z", "2025-W01", "2025-05-01T20:00:00+99:00",
    "20250501", "-2025-01-01", "+12025-01-01", "2025-05-01T20:00:00.9999999999Z",
    "2025-5-1", "2025", "2025-11", "1969-12-31T23:59:59Z", "2025-05-01 20:00:00Z",
    "2025-05-01T20:00:00z", "2025-05-01t20:00:00Z", "2025-05-01T24:00:00Z",
]  # fmt: skip
SEASONS = ["2026", "2026-11", "2026-13", "2026-00", "0000", "9999-12", "0001-01", "2026-1",
           "26-11", "2026-1a", "-2026", "¹⁹⁹⁹", "２０２６"]  # fmt: skip

odd_text = st.sampled_from(ODD_TEXT) | st.text(max_size=12)
scalar = (
    st.none()
    | st.booleans()
    | st.sampled_from(ODD_NUMBERS)
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | odd_text
)
JSON = st.recursive(
    scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(odd_text, inner, max_size=4),
    max_leaves=10,
)


def any_of(items: Sequence[str]) -> st.SearchStrategy[str]:
    """One of `items`, by an index of a fixed range: a pool that grows between examples (the
    games the fuzzer makes) keeps hypothesis's draws of the same shape when it replays one."""
    frozen = tuple(items)
    return st.integers(0, 999_999).map(lambda i: frozen[i % len(frozen)])


def query_values(schema: Any) -> st.SearchStrategy[Any]:
    schema = resolve(schema)
    values: list[Any] = [*enum_values(schema)]
    lo, hi = schema.get("minimum"), schema.get("maximum")
    for sub in schema.get("oneOf", []) + schema.get("anyOf", []):
        sub = resolve(sub)
        lo = sub.get("minimum", lo)
        hi = sub.get("maximum", hi)
    if lo is not None:
        values += [int(lo), int(lo) - 1]
    if hi is not None:
        values += [int(hi), int(hi) + 1, int(hi) * 10]
    if "maxLength" in schema:
        values += ["x" * schema["maxLength"], "x" * (schema["maxLength"] + 1)]
    values += [2**63, 2**64, -(2**63) - 1, 10**30, "1.0", "1e3", "true", "", "¹", "٣", "１"]
    values += DATES + SEASONS
    return st.sampled_from(values).map(str) | odd_text


@st.composite
def path_value(draw: st.DrawFn, world: World, name: str) -> str:
    pools: list[str] = []
    kind = draw(st.sampled_from(["own", "own", "own", "any", "odd", "tweak"]))
    if kind == "own":
        if name == "player_id":
            pools = [p.id for p in [*world.players, world.outsider, *world.victims]] + ["admin"]
        elif name == "match_id":
            pools = list(world.matches.values())
        elif name == "competition_id":
            pools = list(world.competitions.values())
        elif name == "fixture_id":
            pools = world.fixtures or ["x"]
        elif name == "table":
            pools = ["0", "1", "2", "-1", "255", "256", str(2**31), str(2**64), "1.0", "01"]
        else:
            pools = world.ids()
        return draw(any_of(pools))
    if kind == "any":
        return draw(any_of(world.ids()))
    if kind == "tweak":
        real = draw(any_of(world.ids()))
        how = draw(st.sampled_from(["upper", "space", "nul", "prefix", "cut", "dup", "pct"]))
        return {
            "upper": real.upper(),
            "space": real + "%20",
            "nul": real + "%00",
            "prefix": "%EF%BB%BF" + real,
            "cut": real[:-1],
            "dup": real + real,
            "pct": "".join(f"%{b:02X}" for b in real.encode()),
        }[how]
    raw = draw(
        st.sampled_from(
            ["", "%00", "%ff", "%ED%A0%80", "%C0%AF", "%E2%80%AE", "%C2%B9", "..", ".",
             "%2F", "%2e%2e", "a" * 300, "a" * 5000, "-1", "0", "9" * 40, "1e400", "null",
             "%F0%9F%82%A1", "%20", "%0A", "%09", "%5C", "'", "%22", "%3F", "%23"]
        )
        | st.text(st.characters(codec="ascii", categories=["L", "N"]), max_size=20)
    )  # fmt: skip
    return raw


def raw_body(world: World, base: Any, how: str) -> bytes:
    text = json.dumps(base, ensure_ascii=True)
    if how == "dup":
        if isinstance(base, dict) and base:
            key = next(iter(base))
            return (
                "{" + json.dumps(key) + ": 1, " + text[1:]
                if text != "{}"
                else b'{"a":1,"a":2}'.decode()
            ).encode()
        return b'{"seat": 0, "seat": 1}'
    if how == "deep":
        return b"[" * 100000 + b"]" * 100000
    if how == "deep-obj":
        return b'{"a":' * 5000 + b"1" + b"}" * 5000
    if how == "surrogate":
        return text.replace('"', '"\\ud800', 1).encode() if '"' in text else b'"\\ud800"'
    if how == "nul":
        return text.replace('"', '"\\u0000', 1).encode() if '"' in text else b'"\\u0000"'
    if how == "bom":
        return b"\xef\xbb\xbf" + text.encode()
    if how == "latin1":
        return text.replace('"', '"\xe9', 1).encode("latin-1")
    if how == "truncated":
        return text[: max(0, len(text) // 2)].encode()
    if how == "trailing":
        return text.encode() + b" garbage"
    if how == "two":
        return text.encode() + text.encode()
    if how == "bignum":
        return re.sub(r"(?<![\w\"])(\d+)(?![\w\"])", "1" + "0" * 400, text).encode()
    if how == "floaty":
        return re.sub(r"(?<![\w\"\.])(\d+)(?![\w\"\.])", r"\1.0", text).encode()
    if how == "empty":
        return b""
    return text.encode()


@st.composite
def body_value(draw: st.DrawFn, world: World, op: Operation) -> Any:
    """A JSON value: an example (its own or another operation's), mutated or not, or junk."""
    own = [mapped(e, world) for e in op.examples]
    pick = draw(st.sampled_from(["own", "other", "mutated", "junk", "empty-obj"]))
    if pick == "own" and own:
        return draw(st.sampled_from(own))
    if pick == "empty-obj":
        return {}
    if pick in ("other", "own", "mutated"):
        base = mapped(draw(st.sampled_from(ALL_EXAMPLES)), world)
        if pick == "mutated":
            base = mutate(base, draw)
        return base
    return draw(JSON)


# Both st.DrawFn (in a composite) and st.DataObject.draw (in a test) fit.
Draw = Callable[[st.SearchStrategy[Any]], Any]


def mutate(value: Any, draw: Draw) -> Any:
    if isinstance(value, dict) and value:
        return mutate_dict(value, draw)
    if isinstance(value, list) and value:
        return mutate_list(value, draw)
    return draw(scalar)


def mutate_dict(value: dict[Any, Any], draw: Draw) -> dict[Any, Any]:
    key = draw(st.sampled_from(sorted(value)))
    copy = dict(value)
    what = draw(st.sampled_from(["replace", "recurse", "recurse", "drop", "add"]))
    if what == "replace":
        copy[key] = draw(scalar | JSON)
    elif what == "recurse":
        copy[key] = mutate(value[key], draw)
    elif what == "drop":
        del copy[key]
    else:
        copy[draw(odd_text)] = draw(scalar)
    return copy


def mutate_list(value: list[Any], draw: Draw) -> list[Any]:
    copy = list(value)
    index = draw(st.integers(0, len(copy) - 1))
    what = draw(st.sampled_from(["replace", "recurse", "recurse", "dup", "drop"]))
    if what == "replace":
        copy[index] = draw(scalar)
    elif what == "recurse":
        copy[index] = mutate(copy[index], draw)
    elif what == "dup":
        copy.append(copy[index])
    else:
        del copy[index]
    return copy


CONTENT_TYPES = [
    "application/json", "application/json", "application/json", None, "text/plain",
    "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
    "application/json; charset=latin-1", "application/merge-patch+json", "application/xml",
    "application/json; charset=utf-16", "*/*", "application/problem+json", "",
]  # fmt: skip
RAW_HOWS = ["plain"] * 8 + [
    "dup", "deep", "deep-obj", "surrogate", "nul", "bom", "latin1", "truncated", "trailing",
    "two", "bignum", "floaty", "empty",
]  # fmt: skip


def who(world: World, role: str) -> dict[str, str]:
    return {
        "admin": ADMIN,
        "player": world.players[0].auth,
        "player2": world.players[1].auth,
        "scorekeeper": world.scorekeeper.auth,
        "outsider": world.outsider.auth,
        "none": {},
        "garbage": bearer("x" * 40),
        "basic": {"Authorization": "Basic YTpi"},
    }[role]


ROLES = ["admin", "admin", "player", "player2", "scorekeeper", "outsider", "none", "garbage",
         "basic"]  # fmt: skip

TABLES_SQL = """
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND c.relname NOT LIKE 'proj\\_%' AND c.relname NOT LIKE 'projection%'
  AND c.relname <> 'alembic_version'
ORDER BY 1
"""


async def fingerprint(connection: asyncpg.Connection) -> dict[str, Any]:
    tables = [r[0] for r in await connection.fetch(TABLES_SQL)]
    found = {}
    for table in tables:
        found[table] = await connection.fetchval(
            "SELECT count(*)::text || ':' || "
            f"coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM {table} t"
        )
    return found


@dataclass
class Sent:
    method: str
    url: str
    headers: dict[str, str]
    content: bytes | None
    role: str

    def describe(self) -> dict[str, Any]:
        content = self.content
        shown: Any = None
        if content is not None:
            shown = content[:600].decode("utf-8", "backslashreplace")
            if len(content) > 600:
                shown += f"... ({len(content)} bytes)"
        headers = {k: v for k, v in self.headers.items() if k.lower() != "authorization"}
        return {"method": self.method, "url": self.url[:700], "role": self.role,
                "headers": headers, "body": shown}  # fmt: skip


async def send(world: World, sent: Sent, kind: str, check_state: bool) -> httpx.Response | None:
    headers = {k.encode(): v.encode("utf-8")
               for k, v in (dict(sent.headers) | who(world, sent.role)).items()}  # fmt: skip
    logged_before = len(world.errors_logged)
    try:
        request = world.client.build_request(
            sent.method, sent.url, headers=headers, content=sent.content
        )
    except (httpx.InvalidURL, UnicodeError):
        world.counts["unsendable"] = world.counts.get("unsendable", 0) + 1
        return None
    before: dict[str, Any] | None = None
    if check_state:
        if world.connection is None:
            world.connection = await asyncpg.connect(world.database.owner_dsn)
        before = await fingerprint(world.connection)
    world.counts[kind] = world.counts.get(kind, 0) + 1
    try:
        response = await asyncio.wait_for(world.client.send(request), timeout=15)
    except TimeoutError:
        if "/events/stream" not in sent.url:
            world.findings.append({"why": "hang", **sent.describe()})
        return None
    except Exception as raised:  # the app raised through the transport
        world.findings.append(
            {
                "why": f"raised {raised!r}",
                **sent.describe(),
                "trace": traceback.format_exc()[-3000:],
            }
        )
        return None
    status = response.status_code
    ctype = response.headers.get("content-type", "")
    code = ""
    if ctype.startswith("application/problem+json"):
        with contextlib.suppress(ValueError):
            code = response.json().get("code", "")
    key = f"{kind} -> {status} {code}"
    world.outcomes[key] = world.outcomes.get(key, 0) + 1
    if world.outcomes[key] <= 3:
        world.samples.append({"key": key, **sent.describe(), "answer": response.text[:300]})
    logged = world.errors_logged[logged_before:]
    record = {**sent.describe(), "status": status, "content_type": ctype,
              "answer": response.text[:500]}  # fmt: skip
    if status >= 500 and not (status == 503 and "read-models-behind" in response.text):
        world.findings.append({"why": "5xx", **record, "logged": logged})
    if logged and status < 500:
        world.findings.append({"why": "error logged behind a non-5xx answer", **record,
                               "logged": logged})  # fmt: skip
    if sent.url.startswith("/v1/imports") and status == 200:
        with contextlib.suppress(ValueError):
            for line in response.json().get("results", []):
                line_error = line.get("error") or {}
                line_status = line_error.get("status")
                if line_error and (not isinstance(line_status, int) or line_status >= 500):
                    world.findings.append({"why": "import line 5xx", **record, "line": line})
    is_page = not sent.url.startswith(("/v1", "/health"))
    if status >= 400 and not is_page:
        ok = ctype.startswith("application/problem+json")
        if ok:
            try:
                body = response.json()
                ok = isinstance(body, dict) and isinstance(body.get("code"), str)
            except ValueError:
                ok = False
        if not ok:
            world.findings.append({"why": "not problem+json", **record})
    if status >= 400 and is_page and not ctype.startswith("text/html") and status == 400:
        world.findings.append({"why": "page error not html", **record})
    if before is not None:
        after = await fingerprint(world.connection)
        if status >= 400 and after != before:
            changed = sorted(k for k in after if after.get(k) != before.get(k))
            world.findings.append({"why": "refused write changed state", **record,
                                   "tables": changed})  # fmt: skip
    # keep the world's tokens alive
    if status < 300 and "token" in sent.url:
        await refresh_tokens(world)
    if status < 300 and "/erasure" in sent.url:
        await refresh_tokens(world)
    return response


async def refresh_tokens(world: World) -> None:
    async def fresh(player: Player) -> Player:
        made = await world.client.post(f"/v1/players/{player.id}/tokens", headers=ADMIN)
        if made.status_code in (200, 201):
            return Player(player.id, made.json()["token"])
        world.counts["refresh-failed"] = world.counts.get("refresh-failed", 0) + 1
        return player

    world.players[:] = [await fresh(p) for p in world.players]
    world.scorekeeper = await fresh(world.scorekeeper)
    world.outsider = await fresh(world.outsider)
    world.counts["token-refreshes"] = world.counts.get("token-refreshes", 0) + 1


IF_MATCH = ['"1"', "1", 'W/"1"', "*", "-1", "99999999999999999999", '""', "abc"]
IDEMPOTENCY_KEYS = ["k1", "k1", "x" * 300, "", " k", "ü"]
ACCEPTS = ["text/csv", "text/html", "application/xml", "*/*", "text/csv;q=0", ""]


@st.composite
def api_request(draw: st.DrawFn, world: World, op: Operation) -> Sent:
    path = op.path
    params: list[tuple[str, str]] = []
    for name, where, schema in op.params:
        if where == "path":
            value = draw(path_value(world, name))
            if (
                name in ("player_id",)
                and op.method in ("DELETE", "POST")
                and ("tokens" in op.path or "erasure" in op.path)
            ):
                keep = {p.id for p in [*world.players, world.scorekeeper, world.outsider]}
                if draw(st.integers(0, 5)) or ("erasure" in op.path and value in keep):
                    value = draw(st.sampled_from([v.id for v in world.victims]))
            path = path.replace("{" + name + "}", value)
        elif where == "query" and draw(st.integers(0, 2)):
            if name in ("player", "competition"):
                value = draw(any_of(world.ids()) | query_values(schema))
            else:
                value = draw(query_values(schema))
            params.append((name, str(value)))
            if draw(st.integers(0, 9)) == 0:
                params.append((name, str(draw(query_values(schema)))))  # repeated
    if draw(st.integers(0, 6)) == 0:
        params.append((draw(odd_text), draw(odd_text)))
    url = path
    if params:
        url += "?" + httpx.QueryParams(
            [(k.encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
              v.encode("utf-8", "surrogatepass").decode("utf-8", "replace")) for k, v in params]
        ).__str__()  # fmt: skip
    if draw(st.integers(0, 12)) == 0:
        url += draw(st.sampled_from(["&%ff=%ff", "&limit=%00", "&&&", "&=", "&limit", "#x",
                                     "&offset=%ED%A0%80"]))  # fmt: skip
        if "?" not in url:
            url = url.replace("&", "?", 1)
    headers: dict[str, str] = {}
    content: bytes | None = None
    if op.method in ("POST", "PATCH", "PUT", "DELETE") and draw(st.integers(0, 9)):
        value = draw(body_value(world, op))
        how = draw(st.sampled_from(RAW_HOWS))
        content = raw_body(world, value, how)
        ctype = draw(st.sampled_from(CONTENT_TYPES))
        if ctype is not None:
            headers["Content-Type"] = ctype
    if op.method != "GET" and draw(st.integers(0, 4)) == 0:
        headers["If-Match"] = draw(st.sampled_from(IF_MATCH))
    if op.method != "GET" and draw(st.integers(0, 4)) == 0:
        headers["Idempotency-Key"] = draw(st.sampled_from(IDEMPOTENCY_KEYS))
    if op.method == "GET" and draw(st.integers(0, 4)) == 0:
        headers["Accept"] = draw(st.sampled_from(ACCEPTS))
    role = draw(st.sampled_from(ROLES))
    return Sent(op.method, url, headers, content, role)


NOT_STREAM = [op for op in OPERATIONS if op.path != "/v1/events/stream"]
READS = [op for op in NOT_STREAM if op.method == "GET"]
WRITES = [op for op in NOT_STREAM if op.method != "GET"]
FUZZ = settings(
    max_examples=EXAMPLES_PER_TEST,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


@FUZZ
@given(data=st.data())
async def test_fuzz_reads(world: World, data: st.DataObject) -> None:
    op = data.draw(st.sampled_from(READS))
    sent = data.draw(api_request(world, op))
    await send(world, sent, "read " + op.path, check_state=False)


@FUZZ
@given(data=st.data())
async def test_fuzz_writes(world: World, data: st.DataObject) -> None:
    op = data.draw(st.sampled_from(WRITES))
    sent = data.draw(api_request(world, op))
    await send(world, sent, "write " + op.path, check_state=True)


async def new_game(world: World, preset: str, deal: bool) -> None:
    create = DOC["paths"]["/v1/matches"]["post"]["requestBody"]["content"]["application/json"]
    body = mapped(create["examples"][preset]["value"], world)
    made = await world.client.post("/v1/matches", json=body, headers=world.scorekeeper.auth)
    assert made.status_code == 201, made.text
    game = made.json()["id"]
    if deal:
        await world.client.post(f"/v1/matches/{game}/hands", json={"deal": "server"},
                                headers=world.scorekeeper.auth)  # fmt: skip
    world.matches[f"{preset}-{len(world.matches)}"] = game


@FUZZ
@given(data=st.data())
async def test_fuzz_games_cross_bodies(world: World, data: st.DataObject) -> None:
    """Bodies of every game's examples at every game (the right one, or another's)."""
    what = data.draw(st.sampled_from(["hands", "moves", "results", "penalties", "undo",
                                      "annulments", "abandon", "closing", "disputes",
                                      "settlements", "confirmations", "cancellation"]))  # fmt: skip
    op = next(o for o in OPERATIONS if o.path == f"/v1/matches/{{match_id}}/{what}")
    pool = [e for o in OPERATIONS if o.path.startswith("/v1/matches/") for e in o.examples]
    if op.examples and data.draw(st.integers(0, 3)) != 0:
        pool = list(op.examples)
    body = mapped(data.draw(st.sampled_from(pool)), world)
    if data.draw(st.integers(0, 3)) == 0:
        body = mutate(body, data.draw)
    if data.draw(st.integers(0, 3)) == 0:
        await new_game(world, data.draw(st.sampled_from(PRESETS)), data.draw(st.booleans()))
    match = data.draw(any_of(list(world.matches.values())[-20:]))
    role = data.draw(st.sampled_from(["admin", "scorekeeper", "scorekeeper", "player", "outsider"]))
    how = data.draw(st.sampled_from(RAW_HOWS)) if data.draw(st.integers(0, 4)) == 0 else "plain"
    sent = Sent("POST", op.path.replace("{match_id}", match),
                {"Content-Type": "application/json"}, raw_body(world, body, how), role)  # fmt: skip
    await send(world, sent, "cross " + what, check_state=True)


@FUZZ
@given(data=st.data())
async def test_fuzz_competition_writes(world: World, data: st.DataObject) -> None:
    """Competition writes with bodies near their shapes."""
    competition = data.draw(st.sampled_from(list(world.competitions.values())))
    players = [p.id for p in [*world.players, *world.victims, world.outsider]]
    what = data.draw(st.sampled_from(["arrivals", "draws", "walkover", "hands", "members",
                                      "matches"]))  # fmt: skip
    pid = st.sampled_from(players) | odd_text
    tile = st.from_regex(r"\A[0-9]-[0-9]\Z") | odd_text | st.none()
    if what == "arrivals":
        url, body = (
            f"/v1/competitions/{competition}/arrivals",
            data.draw(st.fixed_dictionaries({"player": pid}) | JSON),
        )
    elif what == "draws":
        url, body = (
            f"/v1/competitions/{competition}/draws",
            data.draw(st.fixed_dictionaries({"player": pid}, optional={"tile": tile}) | JSON),
        )
    elif what == "walkover":
        fixture = data.draw(st.sampled_from(world.fixtures or ["x"]))
        absent = st.integers(-2, 300) | st.lists(st.integers(-2, 9), max_size=9) | scalar
        url, body = (
            f"/v1/competitions/{competition}/fixtures/{fixture}/walkover",
            data.draw(st.fixed_dictionaries({"absent": absent}) | JSON),
        )
    elif what == "hands":
        table = data.draw(st.sampled_from(["0", "1", "2", "-1", "99", str(2**64)]))
        net = st.dictionaries(pid, st.integers(-(2**65), 2**65) | scalar, max_size=9)
        url, body = (
            f"/v1/competitions/{competition}/tables/{table}/hands",
            data.draw(st.fixed_dictionaries({"net": net}) | JSON),
        )
    elif what == "members":
        url, body = (
            f"/v1/competitions/{competition}/members",
            data.draw(st.none() | st.fixed_dictionaries({}, optional={"player": pid}) | JSON),
        )
    else:
        seats = st.lists(pid, min_size=2, max_size=8)
        url, body = "/v1/matches", data.draw(st.fixed_dictionaries(
            {"competition_id": st.just(competition), "seats": seats},
            optional={"fixture_id": st.sampled_from(world.fixtures or ["x"]) | odd_text,
                      "stage": odd_text, "rules": JSON, "place": odd_text}))  # fmt: skip
    role = data.draw(st.sampled_from(["admin", "scorekeeper", "player", "outsider"]))
    how = data.draw(st.sampled_from(RAW_HOWS))
    method = "DELETE" if what == "members" and data.draw(st.booleans()) else "POST"
    if method == "DELETE":
        url = f"{url}/{quote(data.draw(pid).encode('utf-8', 'surrogatepass'), safe='%')}"
        content = None
    else:
        content = raw_body(world, body, how)
    sent = Sent(method, url, {"Content-Type": "application/json"}, content, role)
    await send(world, sent, "competition " + what, check_state=True)


@FUZZ
@given(data=st.data())
async def test_fuzz_imports(world: World, data: st.DataObject) -> None:
    """Exported lines, mutated, imported again (each line's answer checked too)."""
    if not world.exported:
        from tests.projections.test_http import settled

        await settled(world.client)
        got = await world.client.get("/v1/exports/games?status=all", headers=ADMIN)
        world.exported = [json.loads(x) for x in got.text.splitlines() if x.strip()]
        assert world.exported, got.text
    lines = []
    for _ in range(data.draw(st.integers(1, 3))):
        line = dict(data.draw(st.sampled_from(world.exported)))
        if data.draw(st.booleans()):
            line.pop("key", None)
            line["key"] = data.draw(st.sampled_from(["k1", "k2", "k3"]) | odd_text)
        if data.draw(st.integers(0, 3)) == 0:
            line["replaces"] = data.draw(
                st.sampled_from(list(world.matches.values())) | st.sampled_from(["k1", "k2"])
                | odd_text)  # fmt: skip
        for _ in range(data.draw(st.integers(0, 3))):
            line = mutate(line, data.draw)
        lines.append(line)
    how = data.draw(st.sampled_from(RAW_HOWS)) if data.draw(st.integers(0, 4)) == 0 else "plain"
    content = b"\n".join(raw_body(world, x, how) for x in lines)
    role = data.draw(st.sampled_from(["admin", "scorekeeper", "player", "outsider"]))
    ctype = data.draw(st.sampled_from(["application/x-ndjson", "application/json", "text/plain"]))
    await send(world, Sent("POST", "/v1/imports/games", {"Content-Type": ctype}, content, role),
               "import", check_state=True)  # fmt: skip


PAGES = ["/", "/privacidade", "/ranking", "/recordes", "/partidas/{m}", "/jogadores/{p}",
         "/jogadores/{p}/relatorio", "/competicoes/{c}", "/competicoes/{c}/relatorio"]  # fmt: skip
PAGE_PARAMS = ["jogo", "competicao", "desde", "ate", "temporada", "tv", "passo"]


@FUZZ
@given(data=st.data())
async def test_fuzz_pages(world: World, data: st.DataObject) -> None:
    page = data.draw(st.sampled_from(PAGES))
    ids = any_of(world.ids())

    def page_id(own: list[str]) -> str:
        return data.draw(any_of(own) | ids | path_value(world, "x"))

    page = page.replace("{m}", page_id(list(world.matches.values())))
    page = page.replace("{p}", page_id([p.id for p in world.players]))
    page = page.replace("{c}", page_id(list(world.competitions.values())))
    values = (
        st.sampled_from(["dominoes", "sueca", "truco", "copas", "buraco", "poker", "texas-holdem",
                         "pontos", "1", "0", str(2**31), str(2**64), "-1"])
        | st.sampled_from(DATES + SEASONS) | ids | odd_text
    )  # fmt: skip
    params = data.draw(st.lists(st.tuples(st.sampled_from(PAGE_PARAMS), values), max_size=4))
    url = page
    if params:
        url += "?" + str(httpx.QueryParams(
            [(k, v.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
             for k, v in params]))  # fmt: skip
    if data.draw(st.integers(0, 8)) == 0:
        url += ("&" if "?" in url else "?") + data.draw(
            st.sampled_from(["passo=%ff", "jogo=%00", "desde=%ED%A0%80", "tv", "=", "passo="])
        )
    role = data.draw(st.sampled_from(["none", "admin", "player"]))
    await send(world, Sent("GET", url, {}, None, role), "page", check_state=False)


async def test_fuzz_stream_bad_params(world: World) -> None:
    for after in ["-1", "x", str(2**63), str(2**62 + 1), "", "%ff", "1.5", "¹"]:
        sent = Sent("GET", f"/v1/events/stream?after={after}", {}, None, "none")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(send(world, sent, "stream", check_state=False), 5)


async def test_zz_report(world: World) -> None:
    """Fails when any finding was recorded (see .fuzz/findings.json)."""
    summary: dict[tuple[Any, ...], int] = {}
    for finding in world.findings:
        key = (finding["why"], finding.get("method"), re.sub(r"[0-9a-f-]{36}", "ID",
               finding.get("url", "").split("?")[0]), finding.get("status"))  # fmt: skip
        summary[key] = summary.get(key, 0) + 1
    print("\nREQUESTS:", json.dumps(world.counts, indent=1))
    print("FINDINGS:", json.dumps({str(k): v for k, v in summary.items()}, indent=1))
    assert not world.findings, f"{len(world.findings)} findings: {summary}"
