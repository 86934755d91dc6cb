"""PDFs rendered by worker processes: a short queue, a 503 with Retry-After beyond it, cached pads never waiting."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from companion.printing.pool import Busy, RenderPool
from tests.conftest import make_app

from .test_printing import pdf_pages, squeezed, text_of


@pytest.fixture
def pooled(tmp_path):
    """An app whose PDFs come from one worker process with room for one more render in its queue."""
    app = make_app(tmp_path, RENDER_WORKERS=1, RENDER_QUEUE=1)
    yield app
    app.extensions["print_cache"].pool.shutdown()


def pad(names: list[str]) -> str:
    return "/print/lfg/score-pad.pdf?" + "&".join(f"players={name}" for name in names)


def wait_until(condition, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_a_pad_is_rendered_by_a_worker_process(pooled):
    pool = pooled.extensions["print_cache"].pool
    response = pooled.test_client().get(pad(["Kit", "Olá"]))
    assert response.status_code == 200
    assert "KitOlá" in squeezed(text_of(pdf_pages(response.data)[0]))
    assert pool.result(pool.submit(os.getpid)) != os.getpid()


def test_beyond_the_queue_a_pad_gets_a_503_with_retry_after_and_a_cached_pad_does_not_wait(pooled):
    pool = pooled.extensions["print_cache"].pool
    client = pooled.test_client()
    assert client.get(pad(["Cached"])).status_code == 200
    sleeper = pool.submit(time.sleep, 3)  # the one worker is busy for a while: renders queue behind it
    queued: list[int] = []
    asker = threading.Thread(target=lambda: queued.append(pooled.test_client().get(pad(["Queued"])).status_code))
    asker.start()
    wait_until(lambda: pool.tasks == 2)

    refused = client.get(pad(["Refused"]))
    cached = client.get(pad(["Cached"]))

    assert refused.status_code == 503
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.headers["Cache-Control"] == "no-store"
    assert "again in a few seconds" in refused.get_data(as_text=True)
    assert len(refused.data) < 8192
    assert cached.status_code == 200 and cached.data.startswith(b"%PDF-")
    assert not sleeper.done() and asker.is_alive()  # the cached pad came while the render still waited
    asker.join()
    assert queued == [200]
    assert client.get(pad(["Refused"])).status_code == 200  # asked again later, it comes


def test_a_worker_that_dies_is_replaced(pooled):
    pool = pooled.extensions["print_cache"].pool
    client = pooled.test_client()
    assert client.get(pad(["Before"])).status_code == 200
    os.kill(pool.result(pool.submit(os.getpid)), signal.SIGKILL)
    statuses = [client.get(pad([f"After{i}"])).status_code for i in range(2)]
    assert statuses in ([200, 200], [503, 200])


def test_requests_wait_in_a_bounded_number_of_places():
    pool = RenderPool(workers=0, queue=1)
    with pool.slot(), pool.slot():
        with pytest.raises(Busy) as refused:
            pool.slot().__enter__()  # a third place, where there are two
        assert refused.value.retry_after >= 1
    with pool.slot():
        assert pool.waiting == 1
    assert pool.waiting == 0


def test_a_render_that_fails_fails_every_asker_and_is_not_cached(tmp_path):
    from companion.printing.cache import PdfCache

    class Broken:
        def render(self) -> bytes:
            raise ValueError("no pdf")

    cache = PdfCache(RenderPool(workers=0))
    for _ in range(2):
        with pytest.raises(ValueError, match="no pdf"):
            cache.fetch("k", Broken)
    assert cache.get("k") is None and cache.renders == 0
