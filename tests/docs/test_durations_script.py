"""scripts/durations.py adds a --durations report up by file and by directory."""

from __future__ import annotations

from types import ModuleType

from tests.scripts import load_script

REPORT = """\
============================= slowest durations ==============================
12.50s call     tests/install/test_wheel.py::test_installs
1.25s setup    tests/api/test_a.py::test_one[x-1]
0.75s call     tests/api/test_a.py::test_one[x-1]
0.50s teardown tests/api/test_b.py::test_two
0.01s call     tests/api/test_b.py::test_two
(3 durations < 0.005s hidden.)
"""


def script() -> ModuleType:
    return load_script("durations")


def test_phases_add_up_by_file_and_directory() -> None:
    by_file, tests, by_dir = script().totals(REPORT.splitlines())
    assert dict(by_file) == {"tests/install/test_wheel.py": 12.5, "tests/api/test_a.py": 2.0,
                             "tests/api/test_b.py": 0.51}
    assert dict(tests) == {"tests/install/test_wheel.py": 1, "tests/api/test_a.py": 1,
                           "tests/api/test_b.py": 1}
    assert dict(by_dir) == {"tests/install": 12.5, "tests/api": 2.51}
