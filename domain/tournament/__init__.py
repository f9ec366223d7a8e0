"""A torneio's pure core: who plays whom in each format, and the standings that decide it."""
