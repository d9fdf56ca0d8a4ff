"""Run the command line with the test games registered: `python3 -m tests.cli.toy_main`."""

from __future__ import annotations

from tavola.cli import main
from tests.arena.toys import register_toys

if __name__ == "__main__":
    register_toys()
    main(prog_name="tavola")
