"""Disputes: a seated player contests a finished game; an organizer settles it (G30-G35)."""
