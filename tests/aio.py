"""Running a test's coroutine on an event loop of its own.

Once a browser test has run on a pytest worker, Playwright's sync API keeps an event loop
running on that worker's main thread for the rest of the session, and `asyncio.run` there
raises "cannot be called from a running event loop". Which tests share a worker depends on
how xdist hands them out, so every test that drives a coroutine (the full-screen terminal's
pilot, a clock's scenario) runs it here: on a new loop in a thread of its own, whatever else
the worker ran before. Exceptions and assertion failures come back to the caller unchanged.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` to its end on a fresh event loop in its own thread, in a copy of the
    caller's context variables (as `asyncio.run` on the caller's thread would: Textual keeps
    its active app in one); return its result."""
    context = contextvars.copy_context()
    with ThreadPoolExecutor(1, thread_name_prefix="test-loop") as pool:
        return pool.submit(context.run, asyncio.run, coro).result()
