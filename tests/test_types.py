"""`mypy mowkit` passes (the numba kernels excluded, see [tool.mypy] in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_passes_on_the_package() -> None:
    """Public annotations say what is really accepted: a wrong one is a failure here."""
    proc = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir",
                           str(ROOT / ".mypy_cache"), "mowkit"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
