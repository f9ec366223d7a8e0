"""A player's data is theirs (LGPD art. 18; design.md, "A player's data"): their name
changed, a copy of everything held about them, and their erasure."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, Response, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody
from msgspec import Meta

from service.http.auth import Principal, provide_principal
from service.http.exports.controller import player_export
from service.http.marks import DELEGATED, marks_of
from service.http.players.erasure import erase, listed
from service.http.problems import ApiError
from service.http.stats.reading import snapshot
from service.http.web.body import Body
from service.reads.stats.players import most_played, read_player_stats
from service.reads.stats.schemas import PlayerStats
from service.store.registry import Registry, parse_id

KEPT = (
    "Kept for as long as the service runs, unless erased: the name, the games and hands "
    "(they are other players' records too), the tokens' dates. An erasure deletes the name "
    "and every text the player wrote; their games stay under a pseudonym."
)


class Erased(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description='Their pseudonym from now on ("Jogador 7f3a").')]
    erased: Annotated[bool, Meta(description="True: erased (now, or already before).")] = True
    erased_now: Annotated[bool, Meta(description="False: already erased; nothing changed.")]


class NameHeld(msgspec.Struct, frozen=True, kw_only=True):
    name: Annotated[str, Meta(description="A name the player had.")]
    since: Annotated[datetime, Meta(description="When it was set.")]
    set_by: Annotated[
        str | None,
        Meta(
            description="Whose write set it: the player, whoever registered them, or an "
            'administrator (their id; "admin" for the bootstrap token); null: not known.'
        ),
    ] = None
    by_administrators_token: Annotated[
        bool,
        Meta(
            description="Set with a token an administrator issued in the player's name "
            "(L10): an administrator could have set it."
        ),
    ] = False


class TextHeld(msgspec.Struct, frozen=True, kw_only=True):
    stream: Annotated[str, Meta(description="Where it is: match-<id>, competition-<id>.")]
    path: Annotated[str, Meta(description="Its field: place, notes, note, name, prizes.")]
    text: Annotated[str, Meta(description="What they wrote (a torneio's prizes: as JSON).")]
    recorded_at: Annotated[datetime, Meta(description="When.")]


class TokenHeld(msgspec.Struct, frozen=True, kw_only=True):
    created_at: Annotated[datetime, Meta(description="When it was issued.")]
    expires_at: Annotated[
        datetime | None, Meta(description="When it stops (stopped) working; null: never.")
    ]
    issued_by: Annotated[
        str | None,
        Meta(
            description="Who issued it, and so held it once: the player themself, whoever "
            'registered them (the first token), or an administrator ("admin": the '
            "bootstrap token); null: issued before this was kept (migration 0027)."
        ),
    ] = None
    by_administrator: Annotated[
        bool | None,
        Meta(
            description="True: an administrator issued it for the player once registered "
            "(one who could then act as them; the games' histories mark the writes made with "
            "it, `by_administrators_token`); null: not known (issued before migration 0027)."
        ),
    ] = None


class ConsentHeld(msgspec.Struct, frozen=True, kw_only=True):
    stream: Annotated[str, Meta(description="The competition or game.")]
    what: Annotated[
        str,
        Meta(
            description="member_joined, member_left (a competition), confirmation_recorded, "
            "consent_given (a game)."
        ),
    ]
    recorded_at: Annotated[datetime, Meta(description="When.")]
    by_administrators_token: Annotated[
        bool,
        Meta(description="Sent with a token an administrator issued for the player (L10)."),
    ] = False


class DisputeHeld(msgspec.Struct, frozen=True, kw_only=True):
    stream: Annotated[str, Meta(description="The game.")]
    what: Annotated[
        str,
        Meta(description="match_disputed (they disputed it), dispute_settled (they ruled)."),
    ]
    text: Annotated[str, Meta(description="Their reason, or their ruling's note.")]
    recorded_at: Annotated[datetime, Meta(description="When.")]


class NewErasure(Body, frozen=True, kw_only=True):
    """`{}` or no body; anything else is refused (400) and erases nothing."""


class PlayerData(msgspec.Struct, frozen=True, kw_only=True):
    """Everything the service holds about a player."""

    id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="The name they go by now.")]
    registered_at: Annotated[datetime, Meta(description="When they registered.")]
    erased: Annotated[bool, Meta(description="True: their data was erased (L6).")]
    names: Annotated[list[NameHeld], Meta(description="Every name they had.")]
    texts: Annotated[
        list[TextHeld],
        Meta(
            description="Every text they wrote (a game's place, notes and torneio stage, a "
            "penalty's note, a dispute's reason, a competition's name and prizes), with "
            "where it is."
        ),
    ]
    tokens: Annotated[
        list[TokenHeld],
        Meta(description="Their tokens' dates and who issued each (no secret)."),
    ]
    consents: Annotated[
        list[ConsentHeld],
        Meta(
            description="Competitions joined or left (their organizers' confirmations count "
            "for them while a member), and the games they confirmed."
        ),
    ]
    disputes: Annotated[
        list[DisputeHeld],
        Meta(description="The games they disputed, and the disputes they settled."),
    ]
    statistics: Annotated[
        PlayerStats | None,
        Meta(description="Their statistics in the game they played most."),
    ]
    games: Annotated[
        str, Meta(description="Every game they sat at, with its hands: the NDJSON export.")
    ]
    kept: Annotated[str, Meta(description="What is kept, and for how long.")] = KEPT


def allowed(principal: Principal, player_id: str) -> None:
    if not (principal.admin or principal.player_id == player_id):
        raise ApiError(403, "forbidden", "only the player or an administrator may do this")


class PlayerDataController(Controller):
    path = "/v1/players"
    tags = ["players"]
    dependencies = {"principal": Provide(provide_principal)}

    @get(
        "/{player_id:str}/data",
        operation_id="getPlayerData",
        summary="A copy of everything held about a player",
        description="The player's own token (or an administrator's, answering a request "
        "the player made otherwise): profile, every name, texts, tokens' dates, consents, "
        "statistics, and their games with every hand as NDJSON.",
        cache_control=None,
    )
    async def data(
        self, state: State, player_id: FromPath[str], principal: NamedDependency[Principal]
    ) -> Response[PlayerData]:
        registry: Registry = state.registry
        player, _, erased = await registry.player_now(player_id)
        player_id = parse_id(player_id, "player")
        allowed(principal, player_id)
        async with snapshot(state) as connection:
            names = await connection.fetch(
                "SELECT o.value #>> '{}' AS name, o.recorded_at AS since,"
                " e.metadata ->> 'actor' AS set_by,"
                f" coalesce(e.metadata ? '{DELEGATED}', false) AS by_administrators_token"
                " FROM openings o LEFT JOIN events e ON e.stream_id = o.stream_id"
                " AND e.data -> 'texts' ->> 'name' = o.commitment"
                " WHERE o.stream_id = $1 AND o.path = 'name' ORDER BY o.recorded_at",
                f"player-{player_id}",
            )
            texts = await connection.fetch(
                "SELECT stream_id AS stream, path, value #>> '{}' AS text, recorded_at"
                " FROM openings WHERE owner = $1 AND stream_id <> $2 ORDER BY recorded_at",
                player_id,
                f"player-{player_id}",
            )
            tokens = await connection.fetch(
                "SELECT created_at, expires_at, issued_by, by_administrator FROM tokens"
                " WHERE player_id = $1 ORDER BY created_at",
                player_id,
            )
            consents = await connection.fetch(
                "SELECT stream_id AS stream, event_type AS what, recorded_at,"
                f" metadata ? '{DELEGATED}' AS by_administrators_token FROM events"
                " WHERE (event_type IN ('member_joined', 'member_left')"
                " AND data ->> 'player_id' = $1) OR (event_type IN ('confirmation_recorded',"
                " 'consent_given') AND metadata ->> 'actor' = $1) ORDER BY position",
                player_id,
            )
            disputes = await connection.fetch(
                "SELECT stream_id AS stream, event_type AS what, recorded_at,"
                " coalesce(opened ->> 'reason', opened ->> 'note', '') AS text"
                " FROM events CROSS JOIN LATERAL open_texts(data, stream_id) AS opened"
                " WHERE event_type IN ('match_disputed', 'dispute_settled')"
                " AND data ->> 'actor' = $1 ORDER BY position",
                player_id,
            )
        statistics = await read_player_stats(
            state, player_id, game=await most_played(state, player_id)
        )
        body = PlayerData(
            id=player_id,
            name=player.name,
            registered_at=player.at,
            erased=erased,
            names=[NameHeld(**r) for r in names],
            texts=[TextHeld(**r) for r in texts],
            tokens=[TokenHeld(**r) for r in tokens],
            consents=[ConsentHeld(**r) for r in consents],
            disputes=[DisputeHeld(**r) for r in disputes],
            statistics=statistics,
            games=await player_export(state, player_id),
        )
        return Response(body, headers={"Cache-Control": "no-store"})

    @post(
        "/{player_id:str}/erasure",
        operation_id="erasePlayer",
        summary="Erase a player's data",
        status_code=200,
        description="The player, or an administrator on their request. Their name and every "
        "text they wrote are deleted (the openings, not hidden); they show as a pseudonym; "
        "their tokens stop working; their games stay, so nobody else's records change, and "
        "every game's chain still verifies (`/verify` lists the erased texts). Twice: "
        "nothing more happens.",
    )
    async def erasure(
        self,
        state: State,
        player_id: FromPath[str],
        principal: NamedDependency[Principal],
        data: JSONBody[NewErasure | None] = None,
    ) -> Response[Erased]:
        registry: Registry = state.registry
        await registry.player_now(player_id)
        player_id = parse_id(player_id, "player")
        allowed(principal, player_id)
        done = await erase(state.pool, registry, player_id, principal.actor, marks_of(principal))
        state.tokens.forget(done.revoked)
        state.matches.forget_all()
        if done.listed:
            await asyncio.to_thread(listed, state.erasure_list, player_id, principal.actor)
        player = await registry.player(player_id)
        return Response(
            Erased(id=player_id, name=player.name, erased_now=done.now),
            headers={"Cache-Control": "no-store"},
        )
