"""Developer tools that run from a checkout (python -m companion.tools.NAME)."""
