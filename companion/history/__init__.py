"""The table's history: every finished game, round by round, and the players' statistics.

Below the commands and the app, above the engine; it knows no game: what it records comes from
a session's result() and views (`record.py`), kept in one SQLite file (`store.py`)."""
from .model import GameRecord, HistoryError, HistoryFileError, RoundRecord, SeatRecord
from .place import DATA_ENV, data_dir, history_path
from .store import VERSION, History, open_history

__all__ = ["GameRecord", "HistoryError", "HistoryFileError", "RoundRecord", "SeatRecord", "DATA_ENV", "data_dir",
           "history_path", "VERSION", "History", "open_history"]
