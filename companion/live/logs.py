"""Logging of our own (wired in config/settings.py's LOGGING). Imports nothing of Django's models."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import redis.exceptions
from django.db.utils import InterfaceError, OperationalError


class OneLineForRefusals(logging.Filter):
    """A request refused for what it sent (answered 4xx) is logged as one line, without its traceback.

    Django logs the exception behind such an answer (a body over DATA_UPLOAD_MAX_MEMORY_SIZE,
    more fields than DATA_UPLOAD_MAX_NUMBER_FIELDS, a malformed request) with its traceback,
    which only ever shows Django reading the request: a fuzzer or a broken client would fill
    the log with them. A 5xx keeps its traceback.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", 500) < 500:
            record.exc_info = None
            record.exc_text = None
        return True


# What a dependency out of reach raises: a refused or dropped connection, a timeout (OSError
# covers both), redis-py's own connection errors, and the database's. redis-py's are not
# OSErrors; psycopg's and sqlite3's reach us as Django's OperationalError or InterfaceError.
OUT_OF_REACH: tuple[type[BaseException], ...] = (
    OSError, redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OperationalError, InterfaceError)
WINDOW = 10  # seconds over which lines of one kind are counted rather than written


def reason(error: BaseException) -> str:
    """What an error says, on one line."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def out_of_reach(error: BaseException | None) -> BaseException | None:
    """The error, or one it was raised from, that says a dependency is out of reach.

    Not one it was raised while handling: a bug in the code that handles an outage is a bug."""
    seen = 0
    while error is not None and seen < 10:  # a chain is short; a loop in it is not followed for ever
        if isinstance(error, OUT_OF_REACH):
            return error
        error, seen = error.__cause__, seen + 1
    return None


class Outages:
    """Lines of one kind (one logger, one message) written once per WINDOW, the rest counted.

    While a dependency is down, every request and every push that needs it fails alike: a
    Redis restart of a few seconds under one busy process fails hundreds of them (figures in
    docs/performance.md, "Where the speed devices came from"). The first of a kind is written;
    those that follow within the window are counted, and when it closes one line says how many
    there were; while they keep coming, one such line closes each window.
    ``later`` (run a function after a delay) is the tests' way to close a window.
    """

    def __init__(self, window: int = WINDOW, later: Callable[[float, Callable[[], None]], None] | None = None):
        self.window = window
        self.later = later or _later
        self._lock = threading.Lock()
        self._open: dict[tuple[str, str], list] = {}  # kind -> [lines held back, the first's words, level]

    def admit(self, logger: str, template: str, message: str, level: int) -> bool:
        """Whether to write this line now; if not, it is counted."""
        kind = (logger, template)
        with self._lock:
            tally = self._open.get(kind)
            if tally is None:
                self._open[kind] = [0, message, level]
                self.later(self.window, lambda: self._close(kind))
                return True
            tally[0] += 1
            return False

    def _close(self, kind: tuple[str, str]) -> None:
        with self._lock:
            held, message, level = self._open.pop(kind)
            if held:  # they are still coming: a new window opens
                self._open[kind] = [0, message, level]
                self.later(self.window, lambda: self._close(kind))
        if held:
            logging.getLogger(kind[0]).log(level, "%s: %d more like it in the last %d s", message, held, self.window)


def _later(delay: float, then: Callable[[], None]) -> None:
    timer = threading.Timer(delay, then)
    timer.daemon = True  # a count still open never holds the server up when it stops
    timer.start()


outages = Outages()


def failed(log: logging.Logger, error: BaseException, message: str, *args: object) -> None:
    """Log what could not be done because of ``error``. A dependency out of reach is one line
    (a warning: the table goes on), counted with its like (Outages); anything else is a bug,
    logged with its traceback."""
    if out_of_reach(error) is None:
        log.error(message, *args, exc_info=error)
        return
    said = message % args if args else message
    if outages.admit(log.name, message, said, logging.WARNING):
        log.warning("%s: %s", said, reason(error))


class OneLineWhenOutOfReach(logging.Filter):
    """For a library's loggers (channels_redis's receive loop, asyncio's unretrieved task
    exceptions): a record whose exception says a dependency is out of reach loses its
    traceback and is counted with its like, as ``failed`` does for our own."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = out_of_reach(record.exc_info[1] if record.exc_info else None)
        if error is None:
            return True
        template = str(record.msg)
        said = " ".join(record.getMessage().split())  # asyncio's message runs over two lines
        record.msg, record.args = "%s: %s", (said, reason(error))
        record.exc_info = record.exc_text = record.stack_info = None
        return outages.admit(record.name, template, said, record.levelno)
