"""The reads: queries of the read models, the games' histories and what a reader sees of a
game, with the answers they return, shared by the JSON API (`service/http`) and the pages
(`service/pages`). A read raises the store's errors (`service/store/errors.py`) and its own
(`errors.py`); the HTTP layer maps them to problem+json, the pages to a page."""
