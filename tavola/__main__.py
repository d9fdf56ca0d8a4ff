"""Run the command line as `python3 -m tavola`."""

from tavola.cli import main

main(prog_name="tavola")
