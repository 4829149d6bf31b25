"""File names of the print output."""
from __future__ import annotations

import re


def slug(text: str) -> str:
    """`Captain's Map` -> `captain-s-map`: a name safe in any file system."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
