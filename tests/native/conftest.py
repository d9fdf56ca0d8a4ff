"""The native core's tests run wherever it is installed, and CI must have it: there a
missing native core fails the run (a test skipped in CI would prove nothing)."""

from __future__ import annotations

import os

import pytest

from tavola import native

IN_CI = os.environ.get("CI") == "true"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if native.available() or IN_CI:
        return
    skip = pytest.mark.skip(reason="the native core is not installed (pip install ./native)")
    for item in items:
        if item.path.parent.name == "native" and "available" not in item.name:
            item.add_marker(skip)
