"""Logging of our own (wired in config/settings.py's LOGGING). Imports nothing of Django's models."""

from __future__ import annotations

import logging


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
