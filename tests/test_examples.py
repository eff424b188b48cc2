"""Every script in ``examples/`` runs to the end without an error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def test_the_expected_examples_exist() -> None:
    expected = {"quickstart.py", "run_a_tournament.py", "save_and_replay.py", "write_a_bot.py"}
    assert expected <= {script.name for script in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=EXAMPLES.parent,
    )
    assert 0 == result.returncode, result.stderr
    assert "" == result.stderr
    assert result.stdout.strip()
