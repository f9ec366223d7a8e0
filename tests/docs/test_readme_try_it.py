"""The README's "Try it" runs as written (issue 31).

Its ```sh blocks, in order, run in one `bash` with `set -euo pipefail` from the project's
root, the README's own `scripts/serve &` line starting the service (the blocks then wait
for its /health); then its ```python block runs against that service, in the folder where
the blocks generated the typed client. The README's lines run unchanged but for these
rewrites, each checked to have its line in the README (`the_blocks`):

- `scripts/serve &` becomes `scripts/serve --port N &`, a free port (8000 may be taken),
  and every `http://127.0.0.1:8000` names that port;
- `--output-path domino_api_client` generates into a temporary folder, not the checkout.

The service gets `DATABASE_URL`, a fresh database on the tests' PostgreSQL (as
tests/reliability/harness.py starts it), and a temporary `DOMINO_DATA_DIR`; every other
`DOMINO_` setting is dropped, so the README's defaults hold. `python3` is the project's
own (`.venv/bin` first in `PATH`, as in an activated virtualenv): the blocks call it some
eighty times, and a version manager's shim (pyenv's) costs half a second a call on a busy
machine. Every command must succeed (the blocks' curl calls use `--fail-with-body`); then
each game is read back from the service and must be where the README's comments leave it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import APP_PASSWORD, Database, fresh_database
from tests.docs.readme import blocks, section
from tests.reliability.harness import free_port

ROOT = Path(__file__).resolve().parents[2]
README_ADDRESS = "http://127.0.0.1:8000"
SCOREKEEPER = {"Authorization": "Bearer let-me-in"}  # the README's bootstrap token
Json = dict[str, Any]


@dataclass(frozen=True)
class Ran:
    url: str
    shell: subprocess.CompletedProcess[str]
    shell_games: frozenset[str]  # the ids of the games the shell blocks created
    python: subprocess.CompletedProcess[str]
    python_block: str

    def games(self, *, of_the_shell: bool = True) -> dict[str, Json]:
        """Each game the shell blocks (or the Python example) created, by preset, as its
        scorekeeper sees it now."""
        found: dict[str, Json] = {}
        for game_id in game_ids(self.url):
            if (game_id in self.shell_games) == of_the_shell:
                state = self.read(f"/v1/matches/{game_id}", SCOREKEEPER)
                assert state["rules"]["preset"] not in found, "two games of one preset"
                found[state["rules"]["preset"]] = state
        return found

    def read(self, path: str, headers: dict[str, str] | None = None) -> Json:
        answer = httpx.get(f"{self.url}{path}", headers=headers, timeout=30)
        answer.raise_for_status()
        body: Json = answer.json()
        return body

    def events(self, game: Json) -> list[Json]:
        page = self.read(f"/v1/matches/{game['id']}/events?limit=1000")
        assert page["next_after"] is None, "a game of the README fits in a page"
        events: list[Json] = page["events"]
        return events


def game_ids(url: str) -> list[str]:
    """The games created so far, from the global feed: the log itself (the list of games is
    a read model, which may not have folded the last ones yet)."""
    found: list[str] = []
    after: int | None = 0
    while after is not None:
        page = httpx.get(f"{url}/v1/events", params={"after": after, "limit": 1000}, timeout=30)
        page.raise_for_status()
        events = page.json()["events"]
        found += [
            e["stream"].removeprefix("match-") for e in events if e["type"] == "match_created"
        ]
        after = page.json()["next_after"]
    return found


def rewritten(text: str, port: int, folder: Path) -> str:
    text = text.replace("scripts/serve &", f"scripts/serve --port {port} &")
    text = text.replace(README_ADDRESS, f"http://127.0.0.1:{port}")
    return text.replace(
        "--output-path domino_api_client", f"--output-path {folder}/domino_api_client"
    )


def the_blocks() -> tuple[str, str]:
    """The section's shell blocks as one script, and its Python block."""
    text = section("Try it")
    shell, python = "\n".join(blocks(text, "sh")), blocks(text, "python")
    assert shell.count("scripts/serve &") == 1, "one line starts the service"
    assert README_ADDRESS in shell
    assert len(python) == 1, "one Python example"
    assert README_ADDRESS in python[0]
    assert "--output-path domino_api_client" in shell
    return shell, python[0]


def service_environment(database: Database, data_dir: Path) -> dict[str, str]:
    kept = {
        k: v for k, v in os.environ.items() if not k.startswith("DOMINO_") and k != "DATABASE_URL"
    }
    path = f"{ROOT / '.venv' / 'bin'}{os.pathsep}{kept.get('PATH', '')}"
    return {
        **kept,
        "PATH": path,
        "DATABASE_URL": database.owner_dsn,
        "DOMINO_DATA_DIR": str(data_dir),
        "DOMINO_APP_PASSWORD": APP_PASSWORD,
    }


def live_members(group: int) -> list[int]:
    """The processes of a process group that are not zombies (Linux's /proc)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            after_name = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(after_name[2]) == group and after_name[0] != "Z":
            members.append(int(entry.name))
    return members


def stop_group(group: int) -> None:
    """SIGTERM to the blocks' processes (the service among them), then SIGKILL after 20 s."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(group, sent)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + 20
        while live_members(group) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not live_members(group):
            return


def diagnosis(folder: Path, shell: subprocess.CompletedProcess[str]) -> str:
    trace = [line[:300] for line in (folder / "trace").read_text(errors="replace").splitlines()]
    trace = trace[-40:]
    return (
        f"exit {shell.returncode}\n--- last commands:\n"
        + "\n".join(trace)
        + f"\n--- stdout:\n{shell.stdout[-3000:]}\n--- stderr (the service's log too):\n"
        + shell.stderr[-6000:]
    )


def run_the_shell_blocks(
    script: str, env: dict[str, str], folder: Path
) -> tuple[subprocess.CompletedProcess[str], int]:
    """The blocks in one bash, in a process group of its own, whose id is returned: the
    service the blocks start in the background outlives bash, and is stopped with its
    group. Each command is traced to a file of its own, to say where a failure came from."""
    prologue = 'exec 9>"$README_TRACE"; BASH_XTRACEFD=9; set -x\n'
    (folder / "try-it.sh").write_text(prologue + script)
    out, err = folder / "stdout", folder / "stderr"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            ["bash", "-euo", "pipefail", str(folder / "try-it.sh")],
            cwd=ROOT,
            env={**env, "README_TRACE": str(folder / "trace")},
            stdout=stdout,
            stderr=stderr,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            code = process.wait(timeout=240)
        except subprocess.TimeoutExpired:
            code = -1  # the diagnosis shows the command it hung on
    done = subprocess.CompletedProcess(process.args, code, out.read_text(), err.read_text())
    return done, process.pid


@pytest.fixture(scope="module")
async def readme_database(admin_dsn: str, template: str) -> AsyncIterator[Database]:
    async with fresh_database(admin_dsn, template) as made:
        yield made


@pytest.fixture(scope="module")
def ran(readme_database: Database, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ran]:
    folder = tmp_path_factory.mktemp("try-it")
    port = free_port()
    shell, python = the_blocks()
    env = service_environment(readme_database, folder / "data")
    done, group = run_the_shell_blocks(rewritten(shell, port, folder), env, folder)
    try:
        assert done.returncode == 0, diagnosis(folder, done)
        url = f"http://127.0.0.1:{port}"
        shell_games = frozenset(game_ids(url))
        example = subprocess.run(
            [sys.executable, "-c", rewritten(python, port, folder)],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        yield Ran(url, done, shell_games, example, python)
    finally:
        stop_group(group)


def moves_by_their_seats_players(ran: Ran, game: Json, kinds: set[str]) -> list[bool]:
    """For each move event of these kinds: was it posted by the player of its seat?"""
    return [
        event["metadata"]["actor"] == game["seats"][event["data"]["seat"]]
        for event in ran.events(game)
        if event["type"] in kinds
    ]


def test_the_shell_blocks_run_as_written_and_the_audit_trail_verifies(ran: Ran) -> None:
    assert ran.shell.returncode == 0
    assert "hash chain: holds" in ran.shell.stdout
    assert "0 still hidden" in ran.shell.stdout  # the hand over, every tile checks
    assert set(ran.games()) == {"pontos", "truco", "mau-mau", "texas-holdem"}


def test_the_dominoes_hand_is_played_to_its_end_by_each_seat_with_its_own_token(
    ran: Ran,
) -> None:
    game = ran.games()["pontos"]

    assert game["hand"] is None
    assert len(game["hands"]) == 1
    assert game["hands"][0]["recorded_as"] == "plays"
    assert game["hands"][0]["outcome"] in ("batida", "bloqueio")
    posted = moves_by_their_seats_players(ran, game, {"tile_played", "passed"})
    assert len(posted) >= 4  # a whole round at least
    assert all(posted)


def test_the_truco_game_is_kept_by_its_scorekeeper_and_confirmed_by_all_four(ran: Ran) -> None:
    game = ran.games()["truco"]

    assert game["status"] == "confirmed"
    assert game["score"] == {"A": 12, "B": 1}
    assert sorted(game["counts_for"]) == [0, 1, 2, 3]
    played, *written = game["hands"]
    assert played["recorded_as"] == "plays"
    assert (played["winner"], played["points"], played["tricks"]) == ("A", 3, {"A": 2, "B": 0})
    assert played["raises"] == [{"seat": 0, "value": 3}]
    assert [(h["winner"], h["points"]) for h in written] == [("B", 1), ("A", 9)]
    assert not any(moves_by_their_seats_players(ran, game, {"card_played"}))  # the scorekeeper


def test_the_mau_mau_hand_records_the_card_the_scorekeeper_named_for_a_draw(ran: Ran) -> None:
    game = ran.games()["mau-mau"]

    hand = game["hand"]
    assert (hand["top"], game["turn"], hand["cards_left"]) == ("2C", 2, [4, 5, 4, 4])
    assert "9H" in hand["hands"][1]  # the scorekeeper who posted the deal sees every hand
    assert hand["stock_count"] == 104 - 4 * 5 - 1 - 1


def test_the_holdem_session_is_bet_by_each_player_and_closed_by_the_scorekeeper(
    ran: Ran,
) -> None:
    game = ran.games()["texas-holdem"]

    assert game["status"] == "finished"
    hand = game["hands"][0]
    assert (hand["outcome"], len(game["hands"])) == ("fold", 1)
    nets = sorted(game["score"].values())
    assert nets == [-60, -10, 0, 70]  # the raiser wins the small blind and the big blind's 60
    assert game["winner"] == hand["winner"] == str(hand["opener"])  # the first to act
    posted = moves_by_their_seats_players(ran, game, {"bet_made"})
    assert len(posted) == 7
    assert all(posted)
    public = ran.read(f"/v1/matches/{game['id']}")
    assert public["hands"][0]["details"]["shown_cards"] == {}  # no folded hand is shown


def test_the_typed_client_example_runs_and_prints_what_its_comment_says(ran: Ran) -> None:
    assert ran.python.returncode == 0, ran.python.stderr
    said = ran.python_block.rstrip().splitlines()[-1].split("#", 1)[1].strip()
    assert ran.python.stdout.strip() == said
    game = ran.games(of_the_shell=False)["truco"]
    assert game["hand"]["trick"] == [{"seat": 0, "card": "5D", "covered": False}]
