"""The answers of the statistics reads: rankings, a player's statistics, records."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

from service.reads.words import GAMES_NAMED

Count = Annotated[int, Meta(ge=0, description="A count.")]
When = Annotated[datetime | None, Meta(description="When, if known.")]


class Versus(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The other player.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    games: Annotated[int, Meta(description="Confirmed games together (or against).")]
    won: Annotated[int, Meta(description="Of those, games the player won.")]
    lost: Annotated[int, Meta(description="Of those, games the player lost.")]


class RankingRow(msgspec.Struct, frozen=True, kw_only=True):
    rank: Annotated[int, Meta(description="1 = first; rows equal on every criterion share it.")]
    player_id: Annotated[str, Meta(description="The player (with by=teams: one partner).")]
    name: Annotated[str | None, Meta(description="The player's name.")]
    partner_id: Annotated[str | None, Meta(description="With by=teams: the other partner.")]
    partner_name: Annotated[str | None, Meta(description="With by=teams: their name.")]
    games_played: Annotated[int, Meta(description="Confirmed games played.")]
    games_won: Annotated[int, Meta(description="Criterion 1: confirmed games won.")]
    games_lost: Annotated[int, Meta(description="Confirmed games lost (abandonments too).")]
    hands_played: Annotated[int, Meta(description="Hands of those games.")]
    hands_won: Annotated[int, Meta(description="Criterion 2: hands won by the player's team.")]
    hands_lost: Annotated[int, Meta(description="Hands won by the other team.")]
    points: Annotated[int, Meta(description="Points the player's team scored.")]
    average_points_per_hand: Annotated[
        float, Meta(description="Criterion 3: points / hands played (rounded to 4 places).")
    ]
    cruzadas: Annotated[
        int, Meta(description="Criterion 4: batidas by cruzada (by=teams: both partners').")
    ]
    blocks_suffered: Annotated[
        int, Meta(description="Criterion 5, fewer is better: hands lost by bloqueio.")
    ]
    buchudas: Annotated[int, Meta(description="Criterion 6: games won by buchuda.")]
    values: Annotated[
        dict[str, float],
        Meta(description="The row's value of each of the game's criteria, by name (`criteria`)."),
    ]


class PlayerRef(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player's id.")]
    name: Annotated[str | None, Meta(description="The player's name.")]


class ProvisionalGame(msgspec.Struct, frozen=True, kw_only=True):
    match_id: Annotated[str, Meta(description="The game.")]
    competition_id: Annotated[str | None, Meta(description="Its competition, if any.")]
    preset: Annotated[str, Meta(description="Its rule set.")]
    players: Annotated[list[PlayerRef], Meta(description="Its seats in order of play.")]
    finished_at: Annotated[datetime, Meta(description="When it finished.")]
    winner: Annotated[
        str | None,
        Meta(
            description="The winning side: team A or B, or a seat's number at a game played "
            "alone (null: a first place shared)."
        ),
    ]
    score: Annotated[
        dict[str, int],
        Meta(description='The final score per side: {"A": n, "B": n}, or per seat: {"0": n, ...}.'),
    ]
    abandoned: Annotated[bool, Meta(description="True when it ended by abandonment.")]
    stale: Annotated[
        bool,
        Meta(description="Unconfirmed for longer than DOMINO_DISPUTE_DAYS after its end."),
    ] = False


class Ranking(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description=f"The game ranked: one of {GAMES_NAMED}.")]
    criteria: Annotated[list[str], Meta(description="The criteria, in order of precedence.")]
    criteria_descriptions: Annotated[
        dict[str, str],
        Meta(description="What each criterion counts; larger is better unless it says fewer."),
    ]
    competition_id: Annotated[str | None, Meta(description="The competition, if filtered.")]
    stage: Annotated[str | None, Meta(description="The torneio stage, if filtered.")] = None
    since: Annotated[datetime | None, Meta(description="Games finished at or after this.")]
    until: Annotated[datetime | None, Meta(description="Games finished before this.")]
    preset: Annotated[
        str | None,
        Meta(
            description="The rule set ranked: a ranking never adds points of different scales, "
            "so it ranks one rule set (pontos unless asked, or the competition's)."
        ),
    ]
    by: Annotated[str, Meta(description="players, or teams (pairs of partners).")]
    min_games: Annotated[int, Meta(description="Rows with fewer confirmed games are left out.")]
    total: Annotated[int, Meta(description="Rows in the whole ranking.")]
    rows: Annotated[list[RankingRow], Meta(description="This page of the ranking.")]
    provisional: Annotated[
        list[ProvisionalGame],
        Meta(description="Finished games awaiting confirmation (not counted), newest first."),
    ]
    provisional_total: Annotated[int, Meta(description="How many such games in all.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]
    season: Annotated[
        str | None,
        Meta(description='The season asked (temporada: "2026-11" or "2026"), or null.'),
    ] = None


class Run(msgspec.Struct, frozen=True, kw_only=True):
    length: Annotated[int, Meta(description="Confirmed games won in a row.")]
    first_match_id: Annotated[str | None, Meta(description="The game where it began.")]
    first_at: Annotated[datetime | None, Meta(description="When that game finished.")]
    last_match_id: Annotated[str | None, Meta(description="The game where it ended (so far).")]
    last_at: Annotated[datetime | None, Meta(description="When that game finished.")]


class Achievement(msgspec.Struct, frozen=True, kw_only=True):
    kind: Annotated[str, Meta(description="buchuda, virada, win-streak-3, ...")]
    description: Annotated[str, Meta(description="What earns it.")]
    match_id: Annotated[str, Meta(description="The game that earned it.")]
    earned_at: Annotated[datetime, Meta(description="When (the game's end, or the hand's).")]


class Tally(msgspec.Struct, frozen=True, kw_only=True):
    given: Annotated[int, Meta(description="Games the player's team won this way.")]
    suffered: Annotated[int, Meta(description="Games the player's team lost this way.")]


class PlayerStats(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="The player's name.")]
    game: Annotated[str, Meta(description=f"The game counted: one of {GAMES_NAMED}.")]
    game_counters: Annotated[
        dict[str, int],
        Meta(
            description="The game's own counts (its side's, the player's own at a game played "
            "alone), by the names its read side gives them."
        ),
    ]
    games_played: Annotated[int, Meta(description="Confirmed games played.")]
    games_won: Annotated[int, Meta(description="Confirmed games won.")]
    games_lost: Annotated[int, Meta(description="Confirmed games lost.")]
    provisional_games: Annotated[
        int, Meta(description="Finished games awaiting confirmation (not counted anywhere).")
    ]
    hands_played: Annotated[int, Meta(description="Hands of the confirmed games.")]
    hands_won: Annotated[int, Meta(description="Hands the player's team won.")]
    hands_lost: Annotated[int, Meta(description="Hands the other team won.")]
    empates: Annotated[int, Meta(description="Tied blocked hands (nobody won).")]
    batidas: Annotated[
        dict[str, int],
        Meta(description="The player's own batidas by kind: simples, carroca, la-e-lo, cruzada."),
    ]
    points: Annotated[int, Meta(description="Points the player's team scored.")]
    points_against: Annotated[int, Meta(description="Points the other team scored.")]
    average_points_per_hand: Annotated[float, Meta(description="points / hands_played.")]
    average_points_per_game: Annotated[float, Meta(description="points / games_played.")]
    biggest_hand: Annotated[int, Meta(description="Most points the team won in one hand.")]
    current_streak: Annotated[Run, Meta(description="Wins in a row up to the last game.")]
    best_streak: Annotated[Run, Meta(description="The longest run of wins (the first one).")]
    blocks_made: Annotated[int, Meta(description="Hands the team won by bloqueio.")]
    blocks_suffered: Annotated[int, Meta(description="Hands the team lost by bloqueio.")]
    blocks_closed: Annotated[int, Meta(description="Blocked hands the player's tile closed.")]
    buchudas: Annotated[Tally, Meta(description="Games won / lost with the losers on 0.")]
    buchudas_de_re: Annotated[
        Tally, Meta(description="Games won after trailing 0 to target - 1 / lost after leading.")
    ]
    viradas: Annotated[Tally, Meta(description="Games won / lost after the first points.")]
    abandonments: Annotated[int, Meta(description="Games the player's team abandoned.")]
    wins_by_abandonment: Annotated[int, Meta(description="Games the other team abandoned.")]
    hands_lost_by_penalty: Annotated[int, Meta(description="Hands lost by an infraction.")]
    penalties: Annotated[int, Meta(description="Infractions recorded against the player.")]
    seconds_played: Annotated[int, Meta(description="Total duration of the games.")]
    best_partner: Annotated[
        Versus | None, Meta(description="The partner the player won most games with.")
    ]
    partners: Annotated[list[Versus], Meta(description="Partners, most wins first (top 5).")]
    toughest_opponent: Annotated[
        Versus | None, Meta(description="The opponent the player lost most games against.")
    ]
    opponents: Annotated[list[Versus], Meta(description="Head to head, most losses first (top 5).")]
    achievements: Annotated[list[Achievement], Meta(description="Achievements, oldest first.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class RecordOut(msgspec.Struct, frozen=True, kw_only=True):
    kind: Annotated[str, Meta(description="longest-win-streak, most-buchudas, ...")]
    description: Annotated[str, Meta(description="What the record is.")]
    preset: Annotated[str | None, Meta(description="Its rule set, for records that depend on it.")]
    value: Annotated[float, Meta(description="The record: a count, seconds, points, ...")]
    player_id: Annotated[str, Meta(description="The holder.")]
    name: Annotated[str | None, Meta(description="The holder's name.")]
    partner_id: Annotated[str | None, Meta(description="For a game's record: the partner.")]
    partner_name: Annotated[str | None, Meta(description="The partner's name.")]
    match_id: Annotated[str | None, Meta(description="The game that set it (a streak: its last).")]
    started_match_id: Annotated[str | None, Meta(description="A streak's first game.")]
    at: Annotated[datetime | None, Meta(description="When it was set.")]


class EarnedOut(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="Who earned it.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    kind: Annotated[str, Meta(description="The achievement.")]
    description: Annotated[str, Meta(description="What earns it.")]
    match_id: Annotated[str, Meta(description="The game that earned it.")]
    earned_at: Annotated[datetime, Meta(description="When.")]


class Records(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description=f"The game: one of {GAMES_NAMED}.")]
    records: Annotated[list[RecordOut], Meta(description="All-time records, one per holder.")]
    achievements: Annotated[
        list[EarnedOut], Meta(description="Achievements earned, the most recent first.")
    ]
    achievement_kinds: Annotated[
        dict[str, str], Meta(description="Every achievement there is, and what earns it.")
    ]
    min_games: Annotated[int, Meta(description="Games needed for the best-average record.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]
    season: Annotated[
        str | None,
        Meta(description="The season whose records these are, or null: all time."),
    ] = None


class PlayerAchievements(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="The player's name.")]
    achievements: Annotated[list[Achievement], Meta(description="Earned, oldest first.")]
    records: Annotated[list[RecordOut], Meta(description="All-time records the player holds.")]
    best_streak: Annotated[Run, Meta(description="The player's longest run of wins.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]
