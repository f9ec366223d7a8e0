"""The HTTP layer: one controller per resource, translating requests to commands and
results to JSON."""
