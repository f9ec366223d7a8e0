"""Every example body of the API's documents, posted in a scenario where it is legal, its
answers kept as golden files (issue 30: the wire format stays v1).

- `examples`: the bodies, from the committed OpenAPI document (read at run time, checked
  against `document_examples.json`, today's list) and from the README and design.md
  (copied in `written`, each with where it came from).
- `scenarios_*`: per game, the writes that make each example legal at its moment.
- `golden`: answers normalized (ids, times, hashes, tokens) and the comparison rule.
- `record`: `.venv/bin/python -m tests.api.example_bodies.record` writes the golden files.
"""
