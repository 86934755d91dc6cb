"""Worker processes heal and leave: a render past its time is stopped (its worker killed, not left burning a core),
a killed render worker costs its one request, and every worker leaves with its server, however the server ends."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import psutil
import pytest

from companion.printing.pool import Busy, RenderPool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def spin() -> None:
    """A render that never ends, on a core."""
    sum(itertools.count())


def gone(pid: int, seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.1)
    return False


def test_a_render_past_its_time_is_stopped_and_the_next_one_gets_a_fresh_worker():
    pool = RenderPool(workers=1, queue=1)
    try:
        worker = pool.result(pool.submit(os.getpid))
        pool.wait_seconds = 1
        with pytest.raises(Busy):
            pool.result(pool.submit(spin))
        assert gone(worker)  # stopped, not left spinning
        pool.wait_seconds = 30
        assert pool.result(pool.submit(os.getpid)) not in (worker, os.getpid())
    finally:
        pool.shutdown()


def test_a_killed_render_worker_costs_only_the_render_it_ran():
    pool = RenderPool(workers=1, queue=1)
    try:
        worker = pool.result(pool.submit(os.getpid))
        rendering = pool.submit(time.sleep, 20)
        threading.Timer(1, os.kill, (worker, signal.SIGKILL)).start()
        with pytest.raises(Busy) as busy:
            pool.result(rendering)
        assert busy.value.retry_after >= 1
        assert pool.result(pool.submit(os.getpid)) != worker
    finally:
        pool.shutdown()


SERVER = textwrap.dedent(
    """
    import os, sys, time
    sys.path.insert(0, sys.argv[1])
    from companion.history import import_worker
    from companion.printing.pool import RenderPool
    pool = RenderPool(workers=1)
    print(pool.result(pool.submit(os.getpid)), import_worker.worker_pid(), flush=True)
    time.sleep(120)
    """
)


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGKILL])
def test_workers_leave_with_their_server(ending):
    server = subprocess.Popen([sys.executable, "-c", SERVER, ROOT], stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert len(workers) == 2 and all(psutil.pid_exists(pid) for pid in workers)
        server.send_signal(ending)
        server.wait(timeout=15)
        assert all(gone(pid) for pid in workers)
    finally:
        server.kill()
        server.wait()
        server.stdout.close()
