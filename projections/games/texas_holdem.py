"""Texas Hold'em's read side: the betting games' (`projections.games.betting`, R11)."""

from projections.games.betting import betting_read_side

READ_SIDE = betting_read_side("Texas Hold'em", "texas-holdem-")
