"""The tap budgets `make bench` prints, as tests: each flow takes at most its budget of taps on a phone, and what it
entered is on the table afterwards, scored as the rules say."""

import pytest

from benchmarks._taps import Flow, measure
from benchmarks.taps import FLOWS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("flow", FLOWS, ids=[flow.run.__name__ for flow in FLOWS])
def test_each_flow_is_recorded_within_its_budget(live_server, chromium, flow: Flow):
    outcome = measure(chromium, live_server.url, flow)
    assert outcome.taps is not None, outcome.line()
    assert not outcome.problem, outcome.line()
    assert outcome.taps <= flow.budget, outcome.line()
