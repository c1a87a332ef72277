"""What holds a table's secrets is the user's alone: the SQLite database (secret words, dealt
hands, locked answers) and var/ (the party's secret key and what it serves), whatever the umask.

A laptop is often shared: with the usual umask, SQLite makes the database readable by every
user of it (0644). A file or folder found looser than it should be is tightened, whoever
made it, so a database made under the usual umask does not stay readable either.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from django.db.backends.signals import connection_created
from django.dispatch import receiver

FILE, FOLDER = 0o600, 0o700
# The files SQLite keeps beside a database, holding its latest changes as much as it does.
SQLITE_SIDES = ("-wal", "-shm", "-journal")


def tighten(path: Path, mode: int) -> None:
    """Take away any permission ``path`` has beyond ``mode``; nothing if it does not exist."""
    try:
        now = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return
    if now & ~mode:
        path.chmod(now & mode)


def umask() -> int:
    """The umask for a process whose files are the user's alone: this one's, with every
    permission of the group and of others taken away too."""
    current = os.umask(0o077)
    os.umask(current)
    return current | 0o077


def folder(path: Path) -> Path:
    """The folder, made if missing, and the user's alone."""
    path.mkdir(mode=FOLDER, parents=True, exist_ok=True)
    tighten(path, FOLDER)
    return path


@receiver(connection_created)
def _private_sqlite(sender, connection, **kwargs) -> None:
    """SQLite makes the file at its first connection with the umask's permissions. Nothing has
    been written to it yet (the connection's own pragmas write no table's data), and the files
    it makes beside it from now on take the database's permissions: tightening it here, and the
    files beside it made meanwhile, keeps every move out of other users' reach."""
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        return
    name = Path(str(connection.settings_dict["NAME"]))
    for path in (name, *(name.with_name(name.name + side) for side in SQLITE_SIDES)):
        tighten(path, FILE)
