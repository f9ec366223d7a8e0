"""Benchmarks, each run as a script (see its docstring).

A package so that their modules are `bench.domain`, `bench.projections`, ... to mypy and
not `domain` and `projections`, which would hide the packages they measure.
"""
