"""File helpers shared by the engine (saves, journals, replays), content and the printer.

Reads of files a person may have named or put there: only a regular file is read, and at most a
given number of bytes (a FIFO named like a save would block the reader, /dev/zero never ends).

Writes that must survive a crash: a whole file is written beside its target, fsync'd, renamed
over it, and then the directory is fsync'd so the rename itself is on disk. An exclusive lock
file keeps two processes from writing the same game.
"""
from __future__ import annotations

import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path


class Refused(ValueError):
    """A file that is not read: not a regular file, or larger than allowed (the message names no path)."""


class NotRegular(Refused):
    pass


class TooLarge(Refused):
    pass


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them, looked at before it is opened.
    Raises FileNotFoundError (and other OSErrors), NotRegular or TooLarge."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise NotRegular("a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a pipe, socket or device)")
    if info.st_size > limit:
        raise TooLarge(f"the file is {info.st_size:,} bytes; at most {limit:,} are allowed")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # swapped for a FIFO meanwhile: no wait
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise NotRegular("not a regular file (a pipe, socket or device)")
        raw = f.read(limit + 1)
    if len(raw) > limit:  # it grew while we looked
        raise TooLarge(f"the file is over {limit:,} bytes")
    return raw


def fsync_dir(directory: Path) -> None:
    """Make a rename, a new file or an unlink in `directory` durable (a no-op where unsupported)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: Path, text: str | bytes, hook: Callable[[str], None] | None = None,
                 mode: int = 0o666) -> None:
    """Write to a temporary file beside `path`, fsync, rename, fsync the directory: readers see
    the old file or the new one, never half a file, and after a crash the new one stays.
    The file gets `mode` less the umask, as a plain `open()` would give it (0644 usually; the
    temporary file of mkstemp alone would be 0600).
    `hook(point)` is called between the steps (crash tests raise from it)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, mode & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        if hook is not None:
            hook("write:temp-written")
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    if hook is not None:
        hook("write:renamed")
    fsync_dir(path.parent)


class Locked(OSError):
    """Another process holds the lock."""


class FileLock:
    """An exclusive advisory lock (flock) on `<path>`; released when closed or when the process dies,
    so a killed game never leaves a stale lock behind."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._fd: int | None = None

    def acquire(self) -> None:
        if self._fd is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise Locked(exc.errno, f"{self.path} is locked by another process") from None
            raise
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        self.release()

    @property
    def held(self) -> bool:
        return self._fd is not None
