"""What every game shares: creation, seats and teams, the end of a hand and of the game,
penalties, abandonment, annulment, confirmation and its finality."""
