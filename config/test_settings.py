"""Settings for the test suite: the real settings with a fixed key and fast hashing."""

import os

os.environ.setdefault("SECRET_KEY", "test-secret-key-not-for-production")
os.environ.setdefault("SECURE_COOKIES", "0")  # the test client and the browser tests speak plain HTTP

from config.settings import *  # noqa: E402,F403

STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}  # noqa: F405

# Every region drawn in a test fails on a name its context lacks, as under DEBUG.
STRICT_REGIONS = True

ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
# Serve static files straight from the source folders; no collectstatic before tests.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Threads that served a socket in a test must not keep the test database open.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared-cache memory: there SQLite refuses a second writer at once
    # instead of waiting, which is not how the app runs.
    import tempfile

    DATABASES["default"]["TEST"] = {"NAME": os.path.join(tempfile.gettempdir(), f"liars-test-{os.getpid()}.sqlite3")}  # noqa: F405
