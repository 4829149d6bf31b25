"""The pirate table companion: content, rules engine and printing for four pirate board games."""
from pathlib import Path

__version__ = "0.1.0"

#: The checkout's root: content/ and print/ live beside the package.
ROOT = Path(__file__).resolve().parent.parent
CONTENT_DIR = ROOT / "content"
PRINT_DIR = ROOT / "print"
