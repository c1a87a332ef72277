"""Every patch in docs/ablation/ takes its device out of this tree as it is.

A patch that no longer applies cannot reproduce the measurement it stands for, so each is
checked against the work tree (``git apply --check``) with every test run, and one whose
device has changed is made again from the device's new code (or deleted with its device).
"""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PATCHES = sorted((ROOT / "docs" / "ablation").glob("*.patch"))


def test_there_are_ablation_patches():
    assert PATCHES


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("patch", PATCHES, ids=[p.stem for p in PATCHES])
def test_every_ablation_patch_applies(patch):
    checked = subprocess.run(["git", "apply", "--check", str(patch)], cwd=ROOT, capture_output=True, text=True)

    assert checked.returncode == 0, checked.stderr
