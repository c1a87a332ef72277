"""Compression of answers, all but those that hold a seat's secret (BREACH) and images."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware


def keep_uncompressed(response: HttpResponseBase) -> HttpResponseBase:
    """Mark an answer that holds a seat's secret beside text another player typed (the Keeper's
    word beside the guesses): GZipUnlessSecret sends it as it is."""
    response.holds_secret = True
    return response


class GZipUnlessSecret(GZipMiddleware):
    """Django's gzip for every answer but those ``keep_uncompressed`` marked, and images, which
    are compressed already (gzip spends about 11 ms on the evening's PNG to save a tenth of it).

    Compressed, such an answer is shorter when a guess repeats part of the secret (BREACH), and
    Django's random padding of 0 to 99 bytes does not hide it from someone who takes the shortest
    of many fetches. Only a seat holding a secret gets these pages (Role.secret), so every
    other screen keeps its page weight.
    """

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if getattr(response, "holds_secret", False) or response.get("Content-Type", "").startswith("image/"):
            return response
        return super().process_response(request, response)
