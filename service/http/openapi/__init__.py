"""The OpenAPI document: generated from the app, patched where Litestar cannot say it."""
