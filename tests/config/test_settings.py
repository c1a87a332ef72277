"""Settings come from the environment and refuse bad values at start-up."""

import os
import subprocess
import sys

import pytest

PROBE = ("import config.settings as s; print(s.DEBUG, s.ALLOWED_HOSTS, s.DATABASES['default']['ENGINE'], "
         "s.CHANNEL_LAYERS['default']['BACKEND'], s.CACHES['default']['BACKEND'])")


def settings_with(probe: str = PROBE, **env):
    clean = {k: v for k, v in os.environ.items() if k not in {
        "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DATABASE_URL", "REDIS_URL", "SECURE_COOKIES",
        "PUBLIC_URL", "PRESENCE_PING_SECONDS", "PRESENCE_SILENT_SECONDS"}}
    return subprocess.run([sys.executable, "-c", probe], env={**clean, **env}, capture_output=True, text=True,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


def test_debug_is_off_unless_asked_and_then_a_secret_key_is_required():
    result = settings_with()
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_production_settings_read_hosts_database_and_redis():
    result = settings_with(SECRET_KEY="x" * 50, ALLOWED_HOSTS="table.example.org,10.0.0.5",
                           DATABASE_URL="postgres://u:p@db:5432/liars", REDIS_URL="redis://cache:6379/0")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "['table.example.org',", "'10.0.0.5']", "django.db.backends.postgresql",
                                     "companion.speed.layers.PipelinedRedisPubSubChannelLayer", "companion.speed.cache.RedisCache"]


def test_the_embedded_default_is_sqlite_and_the_in_memory_layer():
    result = settings_with(DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert ("django.db.backends.sqlite3 companion.speed.layers.SweepingInMemoryChannelLayer "
            "django.core.cache.backends.locmem.LocMemCache") in result.stdout


@pytest.mark.parametrize("env, message", [
    ({"DEBUG": "maybe"}, "DEBUG must be one of"),
    ({"DEBUG": "1", "ALLOWED_HOSTS": "a,,b"}, "ALLOWED_HOSTS is a comma-separated list"),
    ({"DEBUG": "1", "CSRF_TRUSTED_ORIGINS": "table.example.org"}, "need a scheme"),
    ({"DEBUG": "1", "REDIS_URL": "localhost:6379"}, "REDIS_URL must start with"),
    ({"DEBUG": "1", "DATABASE_URL": "nonsense://x"}, "DATABASE_URL could not be parsed"),
    ({"DEBUG": "1", "SEAT_COOKIE_MAX_AGE": "a month"}, "must be a whole number"),
    ({"DEBUG": "1", "PUBLIC_URL": "table.example.org"}, "PUBLIC_URL must be a scheme and a host"),
    ({"DEBUG": "1", "PUBLIC_URL": "https://table.example.org/t/ABCDEF/"}, "PUBLIC_URL must be a scheme and a host"),
    ({"DEBUG": "1", "PUBLIC_URL": "http://192.168.1.20:port"}, "PUBLIC_URL has a port that is not a number"),
    ({"DEBUG": "1", "PUBLIC_URL": "http://192.168.1.20:99999"}, "PUBLIC_URL has a port that is not a number from 1"),
    ({"DEBUG": "1", "PUBLIC_URL": "http://192.168.1.20:0"}, "PUBLIC_URL has a port that is not a number from 1"),
    ({"DEBUG": "1", "PRESENCE_PING_SECONDS": "8s"}, "PRESENCE_PING_SECONDS must be a whole number"),
    ({"DEBUG": "1", "PRESENCE_PING_SECONDS": "20", "PRESENCE_SILENT_SECONDS": "10"},
     "PRESENCE_PING_SECONDS must be above 0 and below PRESENCE_SILENT_SECONDS"),
    ({"DEBUG": "1", "PRESENCE_PING_SECONDS": "0"}, "PRESENCE_PING_SECONDS must be above 0"),
])
def test_bad_values_stop_start_up_with_a_message_naming_the_variable(env, message):
    result = settings_with(**env)
    assert result.returncode != 0
    assert message in result.stderr


def test_sqlite_named_by_url_queues_writers_like_the_default_file():
    probe = ("import config.settings as s; d = s.DATABASES['default']; "
             "print(d['ENGINE'], d['OPTIONS']['transaction_mode'], d['OPTIONS']['timeout'])")
    for env in ({"DEBUG": "1"}, {"DEBUG": "1", "DATABASE_URL": "sqlite:////tmp/liars-url.sqlite3"}):
        clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL"}}
        result = subprocess.run([sys.executable, "-c", probe], env={**clean, **env}, capture_output=True, text=True,
                                cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["django.db.backends.sqlite3", "IMMEDIATE", "20"]


def test_the_public_address_is_an_allowed_host():
    result = settings_with(SECRET_KEY="x" * 50, ALLOWED_HOSTS="localhost", PUBLIC_URL="http://192.168.1.20:8000/")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[:3] == ["False", "['localhost',", "'192.168.1.20']"]


def test_a_silent_phone_shows_away_within_30_seconds_by_default():
    # Silence is checked at each ping: a phone that fell silent just after one is counted away at
    # the first ping past the limit, up to a ping later; 2 s are left for telling the table.
    result = settings_with("import config.settings as s; print(s.PRESENCE_PING_SECONDS, s.PRESENCE_SILENT_SECONDS)",
                           DEBUG="1")
    assert result.returncode == 0, result.stderr
    every, limit = map(float, result.stdout.split())
    assert 0 < every < limit and every + limit <= 28
