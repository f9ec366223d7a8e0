"""given(*events).when(command).then(*events) / .raises(code): a decider, read as a sentence."""

from dataclasses import dataclass

import pytest

from domain import DomainError, Event, Match, MatchCommand, decide, fold


@dataclass(frozen=True)
class When:
    state: Match
    command: MatchCommand

    def decided(self) -> list[Event]:
        return decide(self.command, self.state)

    def then(self, *expected: Event) -> None:
        assert self.decided() == list(expected)

    def raises(self, code: str) -> DomainError:
        with pytest.raises(DomainError) as caught:
            decide(self.command, self.state)
        assert caught.value.code == code, caught.value
        assert caught.value.message
        return caught.value


@dataclass(frozen=True)
class Given:
    events: tuple[Event, ...]

    @property
    def state(self) -> Match:
        return fold(self.events)

    def when(self, command: MatchCommand) -> When:
        return When(self.state, command)


def given(*events: Event) -> Given:
    return Given(events)
