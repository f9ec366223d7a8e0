"""Clients that app authors generate from the API document (issue 23).

The Python client is generated with openapi-python-client (any warning fails), then plays a
whole game of every registered game against the service (players, a game, its deals and
moves, each player's confirmation), every answer read through the generated types. The
TypeScript types are generated with openapi-typescript and a small example that reads a
game's state is type-checked with `tsc --strict` (skipped, saying why, without Node).
"""

from __future__ import annotations

import importlib
import os
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
from service.app import create_app
from service.settings import Settings
from tests.api.conftest import ADMIN_TOKEN, running
from tests.conftest import Database
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
    assert hasattr(models, "NewMove")


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
    calls = {
        "hands": ("matches.start_hand", models.NewHand),
        "moves": ("matches.post_move", models.NewMove),
        "results": ("matches.post_result", models.NewResult),
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
    assert state.winner in state.score.to_dict()
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
