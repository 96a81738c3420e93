"""Generated inputs through the real CLI (tests/fuzzing.py): every one ends with exit status 0-3,
no traceback and no write outside its temporary folder. A few dozen per entry point here;
benchmarks/fuzz.py runs tens of thousands and prints the counts."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from fuzzing import entry_points, run

ENTRY_POINTS = entry_points()


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_generated_inputs_end_cleanly(entry: str) -> None:
    @settings(max_examples=15, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(ENTRY_POINTS[entry])
    def check(case):
        failure = run(case)
        assert failure is None, failure

    check()
