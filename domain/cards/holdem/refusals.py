"""The refusals Texas Hold'em may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.betting.refusals import REFUSALS as BETTING

REFUSALS = BETTING
