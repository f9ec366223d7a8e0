"""Clients that app authors generate from the API document (issue 23).

The Python client is generated with openapi-python-client (any warning fails), then plays a
whole game of every registered game against the service (players, a game, its deals and
moves, each player's confirmation), every answer read through the generated types. The
TypeScript types are generated with openapi-typescript and a small example that reads a
game's state is type-checked with `tsc --strict` (skipped, saying why, without Node).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from domain import GAMES
from domain.games import BY_PRESET
from service.app import create_app
from service.http.openapi.game_bodies import titles
from service.settings import Settings
from tests.api.conftest import ADMIN_TOKEN, running
from tests.conftest import Database
from tests.docs.readme import blocks, section
from tests.simulate import next_request

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
HERE = Path(__file__).resolve().parent
PACKAGE = "domino_api_client"
Json = dict[str, Any]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The Python client, generated into a folder of its own and imported from there."""
    folder = tmp_path_factory.mktemp("client")
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "openapi-python-client"),
            "generate",
            "--path",
            str(DOCUMENT),
            "--meta",
            "none",
            "--output-path",
            str(folder / PACKAGE),
            "--config",
            str(HERE / "openapi-python-client.yml"),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"},
        timeout=300,
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "Warning" not in said, said
    assert "Unable" not in said, said
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_the_python_client_generates_without_a_warning(generated: ModuleType) -> None:
    models = importlib.import_module(f"{PACKAGE}.models")
    assert hasattr(models, "MatchState")
    assert hasattr(models, "HandOut")
    for title in titles():
        for role in ("Deal", "Move", "Result", "Hand"):
            assert hasattr(models, title + role), title + role


def test_no_generated_model_is_named_after_an_operation_or_a_place_in_a_union(
    generated: ModuleType,
) -> None:
    """Every choice and object of the document has a name of its own (issue 30): a model
    named `get_player_stats_game_type_1` would say where it stands, not what it is."""
    folder = Path(str(generated.__file__)).parent / "models"
    names = {path.stem for path in folder.glob("*.py")} - {"__init__"}
    operations = {
        re.sub(r"(?<!^)([A-Z])", r"_\1", operation["operationId"]).lower()
        for item in json.loads(DOCUMENT.read_text())["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    placed = {n for n in names if re.search(r"_type_\d+(_|$)", n)}
    after_operations = {n for n in names for o in operations if n.startswith(o + "_")}
    assert (placed, after_operations) == (set(), set())


@pytest.fixture
async def transport(database: Database) -> AsyncIterator[httpx.ASGITransport]:
    """The service in this process (its lifespan running), for the generated client."""
    app = create_app(Settings(bootstrap_token=ADMIN_TOKEN, pool_size=10), database.app_dsn)
    async with running(app):
        yield httpx.ASGITransport(app=app)  # type: ignore[arg-type]


class Api:
    """The generated client's calls, each answer checked and read as its generated type."""

    def __init__(self, package: ModuleType, transport: httpx.ASGITransport) -> None:
        self.package = package
        self.transport = transport
        self.models = importlib.import_module(f"{package.__name__}.models")

    def client(self, token: str) -> Any:
        client_module = importlib.import_module(f"{self.package.__name__}.client")
        return client_module.AuthenticatedClient(
            base_url="http://testserver.local",
            token=token,
            httpx_args={"transport": self.transport},
        )

    def call(self, module: str) -> Any:
        return importlib.import_module(f"{self.package.__name__}.api.{module}")

    async def write(self, module: str, token: str, expected: str, **kwargs: Any) -> Any:
        async with self.client(token) as client:
            answer = await self.call(module).asyncio_detailed(client=client, **kwargs)
        assert answer.status_code in (200, 201), answer.content
        parsed = answer.parsed
        assert type(parsed).__name__ == expected, (type(parsed), answer.content)
        return parsed


async def play_a_whole_game(api: Api, preset: str) -> Any:
    """Four players, a game of `preset` posted deal by deal by its scorekeeper (the
    administrator, who then sees every hand) with legal moves, and each player's
    confirmation; the confirmed state, as the generated `MatchState`."""
    models = api.models
    players = []
    for name in ("Zé", "Ana", "Tião", "Bia"):
        player = await api.write(
            "players.register_player",
            ADMIN_TOKEN,
            "PlayerOut",
            body=models.NewPlayer(name=name),
        )
        players.append(player)
    seats = [p.id for p in players]
    body = models.NewMatch.from_dict({"rules": {"preset": preset}, "seats": seats})
    state = await api.write("matches.create_match", ADMIN_TOKEN, "MatchState", body=body)
    bodies = BY_PRESET[preset].bodies
    assert bodies is not None
    title = bodies.move.__name__.removesuffix("Move")
    calls = {
        "hands": ("matches.start_hand", getattr(models, title + "Deal")),
        "moves": ("matches.post_move", getattr(models, title + "Move")),
        "results": ("matches.post_result", getattr(models, title + "Result")),
    }
    for _ in range(5000):
        step = next_request(state.to_dict())
        if step is None:
            break
        module, model = calls[step[0]]
        state = await api.write(
            module, ADMIN_TOKEN, "MatchState", match_id=state.id, body=model.from_dict(step[1])
        )
    assert state.status == "finished"
    for player in players:
        state = await api.write(
            "matches.confirm_match",
            player.token,
            "MatchState",
            match_id=state.id,
            body=models.NewConfirmation(),
        )
    return state


@pytest.mark.parametrize("game", [game.name for game in GAMES])
async def test_a_whole_game_of_each_registered_game_through_the_generated_client(
    generated: ModuleType, transport: httpx.ASGITransport, game: str
) -> None:
    api = Api(generated, transport)
    preset = next(g for g in GAMES if g.name == game).presets[0]

    state = await play_a_whole_game(api, preset)

    assert state.status == "confirmed"
    assert state.game == game
    assert sorted(state.counts_for) == [0, 1, 2, 3]
    scores = state.score.to_dict()
    first = state.places[0]  # seats tied for first (at Copas, the lowest) share the place
    assert sorted(seat for place in state.places for seat in place) == sorted(scores)
    assert state.winner == (first[0] if len(first) == 1 else None)
    assert max(state.score.to_dict().values()) >= state.rules.to_dict()["target"]
    assert all(type(h).__name__ == "HandOut" for h in state.hands)
    versions: list[int] = []
    after: int | None = 0
    while after is not None:  # every page of the history, through the generated types
        page = await api.write(
            "history.get_match_events",
            ADMIN_TOKEN,
            "EventsPage",
            match_id=state.id,
            after=after,
            limit=1000,
        )
        versions += [e.version for e in page.events]
        after = page.next_after if isinstance(page.next_after, int) else None
    assert versions == list(range(1, state.version + 1))


def node_tools() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("Node.js and npm are not installed here: the TypeScript check needs them")
    return node, npm


def npm_run(folder: Path, npm: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [npm, *args], cwd=folder, capture_output=True, text=True, timeout=600, check=False
    )


def test_the_typescript_types_generate_and_a_state_reader_type_checks(
    tmp_path: Path,
) -> None:
    _, npm = node_tools()
    work = tmp_path / "ts"
    shutil.copytree(HERE / "ts", work, ignore=shutil.ignore_patterns("node_modules"))
    installed = npm_run(work, npm, "ci", "--no-audit", "--no-fund")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    generated = npm_run(
        work, npm, "exec", "--", "openapi-typescript", str(DOCUMENT), "-o", "api.d.ts"
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    (work / "bodies.ts").write_text(typed_bodies())
    (readme,) = blocks(section("Try it"), "ts")
    (work / "readme.ts").write_text(readme)  # the README's example type-checks too
    checked = npm_run(work, npm, "exec", "--", "tsc", "--strict", "--noEmit", "-p", ".")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    broken = work / "broken.ts"
    broken.write_text(
        'import type { components } from "./api";\n'
        'const state = {} as components["schemas"]["MatchState"];\n'
        "const wrong: number = state.status;\n"
        "export default wrong;\n"
    )
    refused = npm_run(work, npm, "exec", "--", "tsc", "--strict", "--noEmit", "-p", ".")
    assert refused.returncode != 0, "tsc took a status (a string) for a number"


def typed_bodies() -> str:
    """TypeScript that an app author writes: each game's bodies as its examples give them,
    typed as the game's own and as the shared write's union (design.md's most natural move,
    `{seat: 0, card: "7H"}`, among them), each accepted; and wrong ones that `tsc` must
    refuse (`@ts-expect-error` fails the check when no error comes): a seat as text,
    another game's field, a deal asked of nobody."""
    lines = ['import type { components } from "./api";', 'type S = components["schemas"];']
    unions = {"Deal": "NewHand", "Move": "NewMove", "Result": "NewResult"}
    natural: dict[str, object] = {"seat": 0, "card": "7H"}
    lines.append(f'export const natural: S["NewMove"] = {json.dumps(natural)};')
    for n, (title, bodies) in enumerate(titles().items()):
        game = next(g for g in GAMES if g.bodies is bodies)
        written: dict[str, list[dict[str, object]]] = {
            "Deal": [{"deal": "server"}, *(b for _, b in game.examples.deal.values())],
            "Move": [b for _, b in game.examples.move.values()],
            "Result": [b for _, b in game.examples.result.values()],
        }
        for role, examples in written.items():
            assert examples, f"{title} has no example of its {role.lower()}"
            for m, body in enumerate(examples):
                text = json.dumps(body, ensure_ascii=False)
                lines.append(f'export const b{n}_{role}_{m}: S["{title}{role}"] = {text};')
                lines.append(f'export const u{n}_{role}_{m}: S["{unions[role]}"] = {text};')
        foreign: dict[str, object] = {"card": "7H"} if title == "Dominoes" else {"tile": "3-5"}
        wrong: dict[str, dict[str, object]] = {
            "Deal": {"deal": "dealer"},
            "Move": {"seat": "0"} | foreign,
            "Result": {**written["Result"][0], **foreign},
        }
        for role, body in wrong.items():
            lines.append("// @ts-expect-error: not a body of this game")
            text = json.dumps(body, ensure_ascii=False)
            lines.append(f'export const w{n}_{role}: S["{title}{role}"] = {text};')
    return "\n".join(lines) + "\n"
