from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.core.ranges import IntRange

ends = st.one_of(st.none(), st.integers(-50, 50))


@pytest.mark.parametrize(
    ("low", "high", "span"),
    [(2, 2, "2"), (3, 5, "3-5"), (12, None, "12+"), (None, 5, "5 or below"), (None, None, "any")],
)
def test_span_reads_as_the_tables_write_it(low: int | None, high: int | None, span: str) -> None:
    assert IntRange(low, high).span == span


@given(ends, ends, st.integers(-60, 60))
def test_holds_matches_the_definition(low: int | None, high: int | None, n: int) -> None:
    if low is not None and high is not None and low > high:
        with pytest.raises(ValueError):
            IntRange(low, high)
        return
    expected = (low is None or low <= n) and (high is None or n <= high)
    assert IntRange(low, high).holds(n) is expected
