"""The database and var/ are the user's alone: `make run` and `make party` make them so, whatever the umask."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connections

from companion.web import party, private

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(value: int):
    before = os.umask(value)
    try:
        yield
    finally:
        os.umask(before)


@contextmanager
def database(path: Path):
    """A connection of Django's own to an SQLite file, as `make run` and `make party` open theirs."""
    default = connections["default"]
    if default.vendor != "sqlite":
        pytest.skip("the SQLite file is what a laptop keeps; a server's PostgreSQL keeps its own")
    wrapper = type(default)({**default.settings_dict, "NAME": str(path)}, alias="private")
    try:
        wrapper.ensure_connection()
        yield wrapper
    finally:
        wrapper.close()


def write_a_secret(wrapper) -> None:
    with wrapper.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS secret (word TEXT)")
        cursor.execute("INSERT INTO secret VALUES ('melon')")


def test_a_new_database_and_the_files_beside_it_are_the_users_alone(tmp_path):
    path = tmp_path / "db.sqlite3"
    with umask(0o022), database(path) as wrapper:
        write_a_secret(wrapper)
        beside = [p for p in tmp_path.iterdir() if p != path]
        assert beside, "WAL mode keeps the latest changes beside the database"
        assert {p.name: mode(p) for p in [path, *beside]} == {p.name: 0o600 for p in [path, *beside]}


def test_a_database_readable_by_others_is_tightened_at_the_next_start(tmp_path):
    path = tmp_path / "db.sqlite3"
    with umask(0o022):
        made_before = sqlite3.connect(path)
        made_before.execute("PRAGMA journal_mode=WAL")
        made_before.execute("CREATE TABLE secret (word TEXT)")
        made_before.commit()  # the connection stays open: its -wal and -shm files stay too
        assert mode(path) == mode(tmp_path / "db.sqlite3-wal") == 0o644
        with database(path) as wrapper:
            write_a_secret(wrapper)
            assert {p.name: mode(p) for p in tmp_path.iterdir()} == {
                "db.sqlite3": 0o600, "db.sqlite3-wal": 0o600, "db.sqlite3-shm": 0o600}
        made_before.close()


def test_the_partys_folder_is_made_private_and_an_open_one_is_tightened(tmp_path):
    var = tmp_path / "var"
    with umask(0o022):
        party.environment({}, None, 8000, var)
        assert mode(var) == 0o700 and mode(var / "secret_key") == 0o600
        var.chmod(0o755)
        party.environment({"SECRET_KEY": "k" * 50}, None, 8000, var)
    assert mode(var) == 0o700


def test_a_secret_key_left_readable_by_others_is_tightened_and_kept(tmp_path):
    (tmp_path / "secret_key").write_text("k" * 50 + "\n")
    (tmp_path / "secret_key").chmod(0o644)
    assert party.secret_key(tmp_path) == "k" * 50
    assert mode(tmp_path / "secret_key") == 0o600


def test_under_umask_000_the_partys_static_files_are_the_users_alone(tmp_path):
    var = tmp_path / "var"
    with umask(0o000):
        env = party.environment({}, None, 8000, var)
        assert mode(var) == mode(var / "static") == 0o700
        # collectstatic and the server run with this umask: what they make is the user's alone too
        assert private.umask() == 0o077
        assert os.umask(0o000) == 0o000, "the process's own umask is left as it was"
    with umask(0o027):
        assert private.umask() == 0o077
    assert env["STATIC_ROOT"] == str(var / "static")


def test_tightening_keeps_what_the_user_had_and_leaves_a_missing_file_alone(tmp_path):
    path = tmp_path / "db.sqlite3"
    path.touch(mode=0o640)
    path.chmod(0o640)
    private.tighten(path, private.FILE)
    assert mode(path) == 0o600
    path.chmod(0o400)  # read-only for its owner: no permission is added
    private.tighten(path, private.FILE)
    assert mode(path) == 0o400
    private.tighten(tmp_path / "nothing", private.FILE)
    assert not (tmp_path / "nothing").exists()


def test_make_runs_migrate_makes_the_database_private(tmp_path):
    """`make run` starts with `manage.py migrate`, the first to open the file."""
    path = tmp_path / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DEBUG="1", SQLITE_PATH=str(path))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                   check=True, umask=0o022)
    assert mode(path) == 0o600
