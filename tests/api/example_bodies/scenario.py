"""A scenario: a table and a short script of writes, each posted through the API; some of
them are example bodies, and the script makes each legal at its moment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.api.conftest import ADMIN, register
from tests.api.example_bodies.examples import WRITES, body_of, operation_of
from tests.api.example_bodies.golden import normalized

Json = dict[str, Any]

DOCUMENT_SEATS = (
    "6f1c2d9e-4a7b-4f0e-9d3c-2b8a1e5f7c40",
    "9a0e5b1c-8d2f-4e3a-b6c7-1d2e3f4a5b6c",
    "c31b7a2d-5e4f-4a6b-8c9d-0e1f2a3b4c5d",
    "77d20f3e-6a5b-4c7d-9e8f-1a2b3c4d5e6f",
)
"""The player ids the document's examples name: the seats 0 to 3."""
DOCUMENT_COMPETITION = "2f6c1a70-0d5e-4f7e-8a51-3c1d2e9b4a10"
IN_ORDER = ("<id>", "<player id>")
"""The README's and design.md's seats: each the next seat's player id."""

REFUSED: dict[str, tuple[int, str]] = {
    # The README shows it as refused: a key twice is never read as either.
    "readme:duplicate-key": (400, "invalid-body"),
}
"""Examples posted to be refused, with the status and code they must get."""
KEPT_OF_A_PROBLEM = ("type", "title", "status", "code")
"""A refusal's answer, as the golden files keep it: its detail is prose, free to change."""


@dataclass(frozen=True)
class Step:
    write: str
    """An absolute path, or a path under the scenario's current game ("moves", ...)."""
    body: Any
    """A body of the script; None for the examples' body, read when the step is posted."""
    examples: tuple[str, ...] = ()
    """The example bodies this step posts (one body, written alike in each)."""
    by: str = "keeper"
    """"keeper" (who creates the games and competitions), "admin", or "seat N"."""
    shuffled: frozenset[str] = frozenset()
    """Paths of its answer that depend on a server's shuffle: compared only on being there."""
    label: str = ""

    @property
    def name(self) -> str:
        return " = ".join(self.examples) if self.examples else self.label


def posts(*keys: str, by: str = "keeper", shuffled: tuple[str, ...] = ()) -> Step:
    """A step that posts these examples (their bodies are one and the same)."""
    return Step(WRITES[operation_of(keys[0])], None, keys, by, frozenset(shuffled))


def write(
    path: str, body: Any, label: str, by: str = "keeper", shuffled: tuple[str, ...] = ()
) -> Step:
    """A step of the script that is no example: what brings the game to an example's moment."""
    return Step(path, body, (), by, frozenset(shuffled), label)


@dataclass(frozen=True)
class Scenario:
    name: str
    steps: tuple[Step, ...]
    seats: int = 4


@dataclass
class Run:
    """A scenario under way: its players, its current game and competition, the names its
    ids get in the golden files."""

    client: httpx.AsyncClient
    players: list[str] = field(default_factory=list)
    auths: dict[str, dict[str, str]] = field(default_factory=dict)
    match: str | None = None
    competition: str | None = None
    names: dict[str, str] = field(default_factory=dict)

    async def seat(self, seats: int) -> None:
        for n in range(seats):
            player = await register(self.client, f"Jogador {n}")
            self.players.append(player.id)
            self.auths[f"seat {n}"] = player.auth
            self.names[player.id] = f"<seat {n}>"
        keeper = await register(self.client, "Marcos")
        self.auths["keeper"] = keeper.auth
        self.auths["admin"] = ADMIN
        self.names[keeper.id] = "<keeper>"

    def filled(self, body: Any) -> Any:
        """The body with the players, the game and the competition it names made real."""
        order = iter(self.players)

        def fill(value: Any) -> Any:
            if isinstance(value, dict):
                return {k: fill(v) for k, v in value.items()}
            if isinstance(value, list):
                return [fill(v) for v in value]
            if value in IN_ORDER:
                return next(order)
            if value in DOCUMENT_SEATS:
                return self.players[DOCUMENT_SEATS.index(value)]
            if isinstance(value, str) and value.startswith("<seat "):
                return self.players[int(value[6:-1])]
            if value == DOCUMENT_COMPETITION:
                return self.competition
            return value

        return body if isinstance(body, str) else fill(body)

    def url(self, path: str) -> str:
        return path if path.startswith("/") else f"/v1/matches/{self.match}/{path}"

    async def post(self, step: Step) -> httpx.Response:
        headers = self.auths[step.by]
        body = self.filled(body_of(step.examples) if step.examples else step.body)
        if isinstance(body, str):
            headers = headers | {"Content-Type": "application/json"}
            return await self.client.post(self.url(step.write), content=body, headers=headers)
        return await self.client.post(self.url(step.write), json=body, headers=headers)

    def learn(self, step: Step, answer: Json) -> None:
        """A new game, competition or player: the next steps write to it, the golden files
        name it ("<match 0>", "<competition 1>", "<player 2>", in the order made)."""
        new = answer.get("id")
        if not isinstance(new, str) or step.write not in NAMED:
            return
        kind = NAMED[step.write]
        made = sum(name.startswith(f"<{kind} ") for name in self.names.values())
        self.names[new] = f"<{kind} {made}>"
        if kind == "match":
            self.match = new
        elif kind == "competition":
            self.competition = new


NAMED = {"/v1/matches": "match", "/v1/competitions": "competition", "/v1/players": "player"}


def expected(step: Step) -> tuple[int, str] | None:
    refused = [REFUSED[key] for key in step.examples if key in REFUSED]
    return refused[0] if refused else None


async def play(client: httpx.AsyncClient, scenario: Scenario) -> list[Json]:
    """Post every step; each must be accepted (an example of `REFUSED` refused as it says).
    Answers: each step's status and normalized answer, for the golden file."""
    run = Run(client)
    await run.seat(scenario.seats)
    recorded: list[Json] = []
    for number, step in enumerate(scenario.steps):
        response = await run.post(step)
        answer = response.json()
        where = f"{scenario.name} step {number} ({step.name}): {response.status_code} {answer}"
        refusal = expected(step)
        if refusal is None:
            assert 200 <= response.status_code < 300, where
            run.learn(step, answer)
        else:
            assert (response.status_code, answer.get("code")) == refusal, where
            answer = {key: answer[key] for key in KEPT_OF_A_PROBLEM}
        recorded.append(
            {
                "step": step.name,
                "write": step.write,
                "status": response.status_code,
                "answer": normalized(answer, run.names, step.shuffled),
            }
        )
    return recorded
