"""The README's code blocks, read as a reader sees them."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def section(heading: str) -> str:
    """The text under `## heading`, its subsections included, up to the next `## `."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def blocks(text: str, language: str) -> list[str]:
    """The fenced blocks of `language` in `text`, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```\s*$", text, re.DOTALL | re.MULTILINE)
