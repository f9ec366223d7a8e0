"""The amistoso mesa as the reads and writes need it: its latest game, who plays next, who
is at it."""
