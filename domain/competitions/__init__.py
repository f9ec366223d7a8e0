"""Players and competitions: the small streams beside the games.

A torneio fixes its rule set and its teams when it is created; a game in it must use
them (rules.md, "Competitions"). An amistoso forms teams per game.
"""

from datetime import datetime
from typing import Any, Literal

import msgspec

from domain.cards.betting.rules import BettingRules
from domain.competitions.alone import check_alone
from domain.competitions.format import TournamentFormat, check_format, check_prizes
from domain.competitions.mesa import MesaRules, check_mesa
from domain.errors import InvalidInput
from domain.games import game_of
from domain.names import check_name
from domain.rulesets import RuleSet, resolve_rules

CompetitionKind = Literal["amistoso", "torneio"]


class RegistryEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    at: datetime


class PlayerRegistered(RegistryEvent, frozen=True, kw_only=True, tag="player_registered"):
    name: str


class CompetitionCreated(RegistryEvent, frozen=True, kw_only=True, tag="competition_created"):
    name: str
    kind: CompetitionKind
    rules: RuleSet
    organizers: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] = ()
    """Torneio only: the fixed pairs of partners, or players alone (`format.alone`)."""
    created_by: str
    format: TournamentFormat | None = None
    """Torneio only: its stages, when the service runs it (else its games are labelled)."""
    prizes: dict[str, str] = msgspec.field(default_factory=dict)
    """Place ("1", "2", ...) to the prize, declared when it is created."""
    lot: tuple[int, ...] = ()
    """The teams in the order of a lot drawn when it was created: the last tie-breaker."""
    mesa: MesaRules | None = None
    """An amistoso played as one mesa of consecutive games (domain.competitions.mesa)."""


class PlayerRenamed(RegistryEvent, frozen=True, kw_only=True, tag="player_renamed"):
    """A player's display name changed (by themself or an administrator): the history says
    a rename happened; the earlier name is shown to the player alone (design.md)."""

    name: str


class PlayerErased(RegistryEvent, frozen=True, kw_only=True, tag="player_erased"):
    """A player's data erased (LGPD art. 18): their name's and texts' openings deleted, a
    pseudonym shown from now on. `competitions`: those whose name they wrote, now shown by
    a pseudonym too; `staged`: the games whose torneio stage they wrote, now without one."""

    competitions: tuple[str, ...] = ()
    staged: tuple[str, ...] = ()


RegistryUnion = PlayerRegistered | CompetitionCreated | PlayerRenamed | PlayerErased
REGISTRY_DECODER = msgspec.json.Decoder(RegistryUnion)


class MemberJoined(RegistryEvent, frozen=True, kw_only=True, tag="member_joined"):
    """A player joins a competition, by their own act: from now on its organizers'
    confirmations make its games count for them (design.md, "Who may make a game count")."""

    player_id: str


class MemberLeft(RegistryEvent, frozen=True, kw_only=True, tag="member_left"):
    """A member leaves: the organizers' later confirmations no longer count for them."""

    player_id: str


MembershipEvent = MemberJoined | MemberLeft
MEMBERSHIP_DECODER = msgspec.json.Decoder(MembershipEvent)


def members_of(events: list[MembershipEvent]) -> dict[str, datetime]:
    """Each member now, with when they (last) joined."""
    members: dict[str, datetime] = {}
    for event in events:
        if isinstance(event, MemberJoined):
            members.setdefault(event.player_id, event.at)
        else:
            members.pop(event.player_id, None)
    return members


def register_player(name: str, at: datetime) -> PlayerRegistered:
    return PlayerRegistered(at=at, name=check_name(name))


def rename_player(name: str, at: datetime) -> PlayerRenamed:
    return PlayerRenamed(at=at, name=check_name(name))


def create_competition(
    *,
    name: str,
    kind: CompetitionKind,
    preset: str,
    overrides: dict[str, Any],
    organizers: list[str],
    teams: list[list[str]],
    actor: str,
    at: datetime,
    format_: TournamentFormat | None = None,
    prizes: dict[str, str] | None = None,
    lot: list[int] | None = None,
    mesa: MesaRules | None = None,
) -> CompetitionCreated:
    """`lot`: the teams shuffled once (the service's random source), for the torneio's
    last tie-breaker."""
    rules = resolve_rules(preset, overrides)
    game = game_of(rules)
    # A torneio's entrants are teams of the game's side size: its format says so where the
    # game may be played both ways; a game never played in partnerships has players alone.
    alone = format_.alone if format_ is not None else game.partnerships == "never"
    if kind == "torneio" and not alone and game.partnerships == "never":
        raise InvalidInput(
            "invalid-format",
            f"{game.name} is played alone: its torneio is of players alone, each team one"
            ' player id, and a format names its "table"',
        )
    size = 1 if alone else 2
    pairs = tuple(tuple(team) for team in teams if len(team) == size)
    if len(pairs) != len(teams):
        what = "one player id (players alone at tables)" if alone else "a pair of two player ids"
        raise InvalidInput("invalid-command", f"each team is {what}")
    players = [p for pair in pairs for p in pair]
    if len(set(players)) != len(players):
        raise InvalidInput("invalid-command", "a player can be in only one team")
    if kind == "torneio" and len(pairs) < 2:
        raise InvalidInput("invalid-command", "a torneio fixes at least two teams when it starts")
    if kind == "amistoso" and pairs:
        raise InvalidInput("invalid-command", "an amistoso forms its teams per game")
    if kind == "amistoso" and (format_ is not None or prizes):
        raise InvalidInput("invalid-format", "only a torneio has a format and prizes")
    if mesa is not None:
        check_mesa(kind, rules)
    if format_ is not None:
        check_format(format_, len(pairs))
    if format_ is not None and alone:
        _check_game(format_, rules)
        check_alone(format_, len(pairs), game_of(rules).seats)
    drawn = tuple(lot) if lot is not None else tuple(range(len(pairs)))
    if sorted(drawn) != list(range(len(pairs))):
        raise InvalidInput("invalid-command", "the lot orders every team once")
    return CompetitionCreated(
        at=at,
        name=check_name(name),
        kind=kind,
        rules=rules,
        organizers=tuple(dict.fromkeys(organizers)),
        teams=pairs,
        created_by=actor,
        format=format_,
        prizes=check_prizes(prizes or {}, len(pairs)),
        lot=drawn if format_ is not None else (),
        mesa=mesa,
    )


def _check_game(format_: TournamentFormat, rules: RuleSet) -> None:
    """Players alone need a game played alone at that table; a poker tournament, a betting
    game."""
    game = game_of(rules)
    if format_.chips is not None:
        if game.family != "betting" or not isinstance(rules, BettingRules):
            raise InvalidInput("invalid-format", "a tournament of chips plays a betting game")
        for number, level in enumerate(format_.chips.levels, start=1):
            try:  # each level's session game is made at its forced bets (G22)
                rules.at_level(level.small_blind, level.big_blind).check()
            except InvalidInput as refused:
                raise InvalidInput("invalid-format", f"level {number}: {refused.message}") from None
        return
    table = format_.table or 0
    if game.partnerships == "always" or (game.partnerships == "at-four" and table == 4):
        raise InvalidInput(
            "invalid-format", f"{game.name} at a table of {table} is played in partnerships"
        )


def check_pairing(competition: CompetitionCreated, seats: list[str]) -> None:
    """A torneio game must oppose two of its fixed teams, partners in seats 0/2 and 1/3."""
    if competition.kind != "torneio":
        return
    if any(len(team) != 2 for team in competition.teams):  # players alone (G4)
        entrants = {team[0] for team in competition.teams}
        if not set(seats) <= entrants:
            raise InvalidInput("invalid-seats", "in this torneio, every seat is one of its players")
        return
    if len(seats) != 4:
        raise InvalidInput("invalid-seats", "a torneio of pairs seats its two teams: four seats")
    teams = {frozenset(pair) for pair in competition.teams}
    if frozenset((seats[0], seats[2])) not in teams or frozenset((seats[1], seats[3])) not in teams:
        raise InvalidInput(
            "invalid-seats", "in this torneio, seats 0 and 2, and seats 1 and 3, must be its teams"
        )
