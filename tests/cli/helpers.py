"""Running `tavola` in-process with click's runner, and checking what it prints."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from tavola.cli import main


def invoke(*args: str, input: str | None = None) -> Result:
    """Run `tavola ARGS` with `input` typed at the keyboard."""
    return CliRunner().invoke(main, list(args), input=input, prog_name="tavola")


def assert_refused(result: Result, code: int, message: str) -> None:
    """Check a refusal: the exit code, and one line on stderr that holds `message`."""
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ") and message in lines[0], lines[0]


def assert_stopped(result: Result, code: int, message: str) -> None:
    """Check a game that stopped early: the exit code and the message, no traceback."""
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert message in result.output
    assert "Traceback" not in result.output


def assert_fits_80_columns(text: str, path: Path | None = None) -> None:
    """Check every line fits 80 columns (except lines showing a long file name)."""
    for line in text.splitlines():
        assert len(line) <= 80 or (path is not None and str(path) in line), line
