"""The schema's Alembic migrations, applied on start by `upgrade` (no alembic.ini needed)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

HERE = Path(__file__).parent


def config(connection: Connection | None = None) -> Config:
    """Return an Alembic configuration for these migrations, bound to `connection`."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Migrate the database behind `connection` to `revision` (the newest by default)."""
    command.upgrade(config(connection), revision)
