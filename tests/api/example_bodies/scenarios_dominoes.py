"""Players, competitions and dominoes: the examples of the core shapes."""

from __future__ import annotations

from tests.api.example_bodies.scenario import Scenario, Step, posts, write

PLAYERS = Scenario(
    "players",
    (
        # Registered by the administrator; each answer's token becomes "<token>".
        posts("document:registerPlayer/player", "readme:player-ze", "design:player", by="admin"),
        posts("readme:player-ana", by="admin"),
        posts("readme:player-tiao", by="admin"),
        posts("readme:player-bia", by="admin"),
        posts("document:createCompetition/amistoso"),
        # The torneio's teams: seats 0 and 2 against 1 and 3, the document's placeholders.
        posts("document:createCompetition/run"),
        posts("document:createMatch/torneio"),
    ),
)


def tile(seat: int, played: str, end: str | None = None) -> Step:
    body: dict[str, object] = {"seat": seat, "tile": played}
    return write("moves", body | ({"end": end} if end else {}), f"seat {seat} lays {played}")


def bloqueio(number: int) -> Step:
    return write("results", {"outcome": "bloqueio", "sums": {"A": 10, "B": 12}}, f"hand {number}")


DOMINOES = Scenario(
    "dominoes",
    (
        # The document's deal: seat 0 holds the 6-6 and opens with it (the README's first
        # tile); the hand goes on until seat 2 lays 3-5 on a 3, then until it has no tile
        # for 6 or 3 and passes.
        posts("document:createMatch/pontos"),
        posts("document:startHand/dominoes-posted"),
        posts("readme:move-6-6"),
        tile(1, "2-6", "right"),
        tile(2, "0-6", "left"),
        tile(3, "2-5", "right"),
        tile(0, "0-3", "left"),
        tile(1, "5-5", "right"),
        posts("document:postMove/dominoes-play"),
        tile(3, "5-6", "left"),
        tile(0, "4-5", "right"),
        tile(1, "3-4", "right"),
        posts("document:postMove/dominoes-pass"),
        # Seat 1 played out of turn: pontos takes the hand from its team (team A scores).
        posts("document:postPenalty/out-of-turn"),
        # design.md's game and deal: seat 2 lays 3-5 on seat 1's 3-6, then both ends are 0.
        posts("design:match"),
        posts("design:deal-posted"),
        tile(0, "6-6"),
        tile(1, "3-6", "left"),
        posts("design:move-play"),
        tile(3, "4-5", "left"),
        tile(0, "0-4", "left"),
        tile(1, "0-6", "right"),
        posts("design:move-pass"),
        # Hands by their result, to the end of a game, and its confirmation by each side.
        posts("document:createMatch/pontos"),
        posts("document:postResult/dominoes-batida", "design:result-batida"),
        posts("document:postResult/dominoes-bloqueio", "design:result-bloqueio"),
        write("results", {"outcome": "batida", "seat": 3, "kind": "cruzada"}, "B reaches 8"),
        posts("design:confirmation", by="seat 0"),
        write("confirmations", {}, "side B confirms", by="seat 1"),
        # The guarded move: ten hands by their result, then a deal that gives seat 1 the
        # 6-6: the game is at version 12 when it opens.
        write(
            "/v1/matches",
            {
                "rules": {"preset": "pontos", "target": 100},
                "seats": ["<seat 0>", "<seat 1>", "<seat 2>", "<seat 3>"],
            },
            "a long game",
        ),
        *(bloqueio(n) for n in range(1, 11)),
        write(
            "hands",
            {
                "hands": [
                    ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
                    ["6-6", "0-6", "1-1", "1-2", "1-3", "1-4"],
                    ["1-5", "1-6", "2-2", "2-3", "2-4", "2-5"],
                    ["2-6", "3-3", "3-4", "3-5", "3-6", "4-4"],
                ],
                "dorme": ["4-5", "4-6", "5-5", "5-6"],
            },
            "seat 1 holds the 6-6",
        ),
        posts("document:postMove/dominoes-guarded"),
        # The README's game, dealt by the server.
        posts("readme:match-pontos"),
        posts(
            "document:startHand/server",
            "readme:deal-server",
            "design:deal-server",
            shuffled=("turn", "hand.opener", "hand.opening_tile"),
        ),
        # A key twice, refused as the README says (by the scorekeeper, who may move).
        posts("readme:duplicate-key"),
    ),
)
