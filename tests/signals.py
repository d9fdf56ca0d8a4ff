"""Children that a test interrupts with Ctrl-C (SIGINT) start with SIGINT's default action,
whatever the test process inherited: a signal ignored by a parent stays ignored across
`exec`, and Python then never turns Ctrl-C into KeyboardInterrupt in the child."""

from __future__ import annotations

import signal


def sigint_default() -> None:
    """Give SIGINT its default action (a `preexec_fn` for the child about to start)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
