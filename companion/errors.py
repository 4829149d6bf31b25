"""Errors shared by the commands."""


class UserError(Exception):
    """A mistake in what the user asked for; the message says what is wrong and how to fix it."""
