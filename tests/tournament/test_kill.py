"""A tournament killed from outside leaves no process behind.

The command-line tournament runs on a process pool; its workers (and the pool's server
and resource tracker) must end with it, whether it is stopped with SIGTERM or killed with
SIGKILL, which gives it no chance to clean up. Each test starts ``boardgames tournament``
in a session of its own, waits until games are being written, signals it, and then looks
for any process of that session.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process table from /proc"
)


def session_processes(session: int) -> list[int]:
    """The processes of ``session`` still running (zombies are gone for good)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:  # the process ended while we looked
            continue
        state, session_id = fields[0], int(fields[3])
        if session_id == session and state != "Z":
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
def test_a_killed_tournament_leaves_no_process(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "results.jsonl"
    command = [sys.executable, "-m", "boardgames", "tournament", "magellan-elcano"]
    command += ["--bots", "random,greedy", "--games", "1000000", "--workers", "2"]
    command += ["--out", str(out)]
    main = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while out.read_text(encoding="utf-8").count("\n") < 3 if out.exists() else True:
            assert main.poll() is None, main.stderr.read() if main.stderr else ""
            assert time.monotonic() < deadline, "the tournament wrote no game in 60 s"
            time.sleep(0.1)
        assert len(session_processes(main.pid)) >= 3  # the main process and its workers
        main.send_signal(signum)
        main.wait(timeout=10)
        deadline = time.monotonic() + 5
        while session_processes(main.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [] == session_processes(main.pid)
    finally:
        for pid in session_processes(main.pid):
            os.kill(pid, signal.SIGKILL)
        if main.stderr is not None:
            main.stderr.close()
    if signum == signal.SIGTERM:
        assert main.returncode == 143
