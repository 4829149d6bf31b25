"""The printer's one error type: a one-line message for the user (exit code 2)."""
from companion.errors import UserError


class PrintError(UserError):
    """Bad print options, layouts or icons; the message says what and where."""
