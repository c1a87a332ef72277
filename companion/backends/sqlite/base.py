"""Django's SQLite backend, with the threads of one process queueing for the write lock.

Every change begins ``BEGIN IMMEDIATE``: it takes SQLite's write lock at once or waits. But
SQLite's wait is a sleep that grows (1, 2, 5, 10, 15, 20… ms) between tries, so a phone's move
queued behind another slept on well after the lock was free: at 250 busy tables the request
threads spent about 13 ms a move asleep in ``BEGIN``. Here the threads of this process first
wait on one lock per database file, handed on the moment a transaction commits or rolls back;
SQLite's own wait still guards against other processes (``manage.py`` commands).
"""

from __future__ import annotations

import threading

from django.db.backends.sqlite3 import base

_writers: dict[str, threading.Lock] = {}
_writers_lock = threading.Lock()


def writer_lock(name: str) -> threading.Lock:
    """The lock this process's threads take before writing to the database file ``name``."""
    with _writers_lock:
        return _writers.setdefault(str(name), threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    _writer: threading.Lock | None = None  # held by this connection's open transaction

    def _start_transaction_under_autocommit(self) -> None:
        lock = writer_lock(self.settings_dict["NAME"])
        # Never wait longer than SQLite itself would; past that, SQLite's wait decides (and fails
        # as it always did, with "database is locked").
        if lock.acquire(timeout=float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))):
            self._writer = lock
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release_writer()
            raise

    def _release_writer(self) -> None:
        lock, self._writer = self._writer, None
        if lock is not None:
            lock.release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release_writer()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release_writer()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._release_writer()
