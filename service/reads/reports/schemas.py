"""Performance reports over a period: what `/v1/players/{id}/report` and
`/v1/competitions/{id}/report` answer (and a printable page can render the same Structs).

Every count stands beside its value in the previous period (the same length, just before
`since`) and the difference, so a report says how things moved.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

from service.reads.words import GAMES_NAMED


class Compared(msgspec.Struct, frozen=True, kw_only=True):
    value: Annotated[int, Meta(description="In the period.")]
    previous: Annotated[int, Meta(description="In the previous period, of the same length.")]
    change: Annotated[int, Meta(description="value - previous.")]

    @classmethod
    def of(cls, value: int, previous: int) -> Compared:
        return cls(value=value, previous=previous, change=value - previous)


class Period(msgspec.Struct, frozen=True, kw_only=True):
    since: Annotated[datetime, Meta(description="Games finished at or after this instant.")]
    until: Annotated[datetime, Meta(description="Games finished before this instant.")]

    def previous(self) -> Period:
        """The period of the same length that ends where this one begins."""
        return Period(since=self.since - (self.until - self.since), until=self.since)


class Partner(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The partner.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    games: Annotated[int, Meta(description="Confirmed games played together in the period.")]
    won: Annotated[int, Meta(description="Of those, games won.")]
    win_rate: Annotated[float, Meta(description="won / games (rounded to 4 places).")]


class Opponent(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The opponent.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    games: Annotated[int, Meta(description="Confirmed games against them in the period.")]
    won: Annotated[int, Meta(description="Of those, games the player won.")]
    lost: Annotated[int, Meta(description="Of those, games the player lost.")]


Counts = Annotated[
    dict[str, Compared],
    Meta(
        description="By name. `batidas`: each kind of batida and their total, where a game "
        "has them; `game_counters`: the game's own counts, by the names its read side gives."
    ),
]


class PlayerReport(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="The player's name.")]
    game: Annotated[str, Meta(description=f"The game reported: one of {GAMES_NAMED}.")]
    period: Annotated[Period, Meta(description="The period reported.")]
    previous_period: Annotated[Period, Meta(description="The period compared with.")]
    games_played: Annotated[Compared, Meta(description="Confirmed games played.")]
    games_won: Annotated[Compared, Meta(description="Confirmed games won.")]
    games_lost: Annotated[Compared, Meta(description="Confirmed games lost (abandoned too).")]
    games_abandoned: Annotated[Compared, Meta(description="Games the player's team abandoned.")]
    points_for: Annotated[Compared, Meta(description="Points the player's team scored.")]
    points_against: Annotated[Compared, Meta(description="Points the other team scored.")]
    hands_played: Annotated[Compared, Meta(description="Hands of those games.")]
    hands_won: Annotated[Compared, Meta(description="Hands the player's team won.")]
    batidas: Annotated[Counts, Meta(description="Dominoes: the player's own batidas by kind.")]
    game_counters: Annotated[Counts, Meta(description="A card game's own counts, the team's.")]
    best_streak: Annotated[Compared, Meta(description="Most games won in a row in the period.")]
    current_streak: Annotated[
        Compared, Meta(description="Games won in a row up to the period's last game.")
    ]
    partners: Annotated[list[Partner], Meta(description="Every partner, most games first.")]
    opponents: Annotated[list[Opponent], Meta(description="Every opponent, most games first.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class TopPlayer(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    games: Annotated[int, Meta(description="Confirmed games played in the period.")]
    won: Annotated[int, Meta(description="Of those, games won.")]
    points: Annotated[int, Meta(description="Points their team scored in them.")]


class GameLine(msgspec.Struct, frozen=True, kw_only=True):
    match_id: Annotated[str, Meta(description="The game.")]
    seats: Annotated[list[str], Meta(description="Its players in order of play.")]
    finished_at: Annotated[datetime, Meta(description="When it finished.")]
    duration_seconds: Annotated[int, Meta(description="How long it lasted.")]
    winner: Annotated[
        str | None,
        Meta(
            description="The winning side: team A or B, or a seat's number at a game played "
            "alone (null: a first place shared)."
        ),
    ]
    score_a: Annotated[
        int, Meta(description="Team A's points (0 at a game played alone: see `scores`).")
    ]
    score_b: Annotated[
        int, Meta(description="Team B's points (0 at a game played alone: see `scores`).")
    ]
    scores: Annotated[
        dict[str, int],
        Meta(
            description="Every side's points: `A` and `B`, or each seat's number at a game "
            "played alone."
        ),
    ]
    margin: Annotated[
        int,
        Meta(
            description="The winners' points less the losers' (at a table of more sides, the "
            "distance to the nearest side)."
        ),
    ]


class CompetitionReport(msgspec.Struct, frozen=True, kw_only=True):
    competition_id: Annotated[str, Meta(description="The competition.")]
    name: Annotated[str, Meta(description="Its name.")]
    kind: Annotated[str, Meta(description="torneio, liga, amistoso, ...")]
    game: Annotated[str, Meta(description=f"Its game: one of {GAMES_NAMED}.")]
    period: Annotated[Period, Meta(description="The period reported.")]
    previous_period: Annotated[Period, Meta(description="The period compared with.")]
    games: Annotated[Compared, Meta(description="Games finished in the period.")]
    confirmed: Annotated[Compared, Meta(description="Of those, confirmed (the rest await it).")]
    in_progress: Annotated[
        Compared, Meta(description="Games created in the period and still in progress.")
    ]
    players: Annotated[Compared, Meta(description="Players of the confirmed games.")]
    hands: Annotated[Compared, Meta(description="Hands of the confirmed games.")]
    points: Annotated[Compared, Meta(description="Points every side scored in them.")]
    batidas: Annotated[Counts, Meta(description="Dominoes: batidas by kind.")]
    game_counters: Annotated[
        Counts, Meta(description="A card game's own counts over both teams (a deal once).")
    ]
    top_players: Annotated[
        list[TopPlayer], Meta(description="The 5 players with most wins in the period.")
    ]
    longest_game: Annotated[
        GameLine | None, Meta(description="The confirmed game of the period that lasted longest.")
    ]
    biggest_win: Annotated[
        GameLine | None, Meta(description="The confirmed game of the period won by most points.")
    ]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]
