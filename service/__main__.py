"""`python -m service` is the `domino` command."""

from service.cli import main

main()
