"""The table's history: every finished game, round by round, and the players' statistics.

Below the commands and the app, above the engine; it knows no game: what it records comes from
a session's result and views (`record.py`), kept in one SQLite file (`store.py`). Its names are
imported when first used (companion/lazy.py): `companion app --data` asks only `place.py`."""
from companion.lazy import exports

_WHERE = {
    **dict.fromkeys(["GameRecord", "HistoryError", "HistoryFileError", "RoundRecord", "SeatRecord"], ".model"),
    **dict.fromkeys(["DATA_ENV", "data_dir", "history_path"], ".place"),
    **dict.fromkeys(["VERSION", "History", "open_history"], ".store"),
}
__getattr__, __dir__ = exports(__name__, _WHERE)
__all__ = list(_WHERE)
