"""bench/suite.py reads the tests' times from what `.ci/run` printed: the stage lines, else pytest's summary."""

from __future__ import annotations

from bench.suite import read_tests, revision

STAGED = """[stages] random samples drawn from seed 5 (replay them with MELDBOOK_TEST_SEED=5)
[stages] fast: the fast tests (load average 1.00 1.00 1.00): -m pytest -n 2
2040 passed in 150.20s (0:02:30)
[stages] fast: passed in 155.5 s wall, 290.0 s CPU
[stages] browser: FAILED (pytest exit status 1) in 60.0 s wall, 100.5 s CPU
[stages] faults: passed in 50.0 s wall, 10.0 s CPU
[stages] stage     status   wall (s)   CPU (s)   load average before
[stages] fast      passed      155.5     290.0   1.00 1.00 1.00
[stages] default stages: 265.5 s wall, 400.5 s CPU
"""


def test_the_stage_lines_give_each_stage_and_their_sums() -> None:
    wall, cpu, stages = read_tests(STAGED)
    assert stages == {"fast": (155.5, 290.0), "browser": (60.0, 100.5), "faults": (50.0, 10.0)}
    assert (wall, cpu) == (265.5, 400.5)


def test_without_stage_lines_the_last_pytest_summary_gives_the_wall_time() -> None:
    output = "....\n2760 passed in 618.33s (0:10:18)\n[ci] tests passed\n"
    assert read_tests(output) == (618.33, None, {})
    assert read_tests("[ci] tests failed\n") == (None, None, {})


def test_a_revision_is_a_source_and_a_rev_defaulting_to_head() -> None:
    assert revision("/work/main@b41311b") == ("/work/main", "b41311b")
    assert revision("https://example.org/x.git") == ("https://example.org/x.git", "HEAD")
