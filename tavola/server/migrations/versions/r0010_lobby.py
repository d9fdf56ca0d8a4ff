"""The lobby and friends: each table's speed and whether it is rated as columns of their
own (so the lobby filters them in its one query), the accounts each account follows, and
the invitations to a table sent from one account to another.

Revision ID: r0010
Revises: r0009
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "r0010"
down_revision: str | None = "r0009"
branch_labels = None
depends_on = None


def _speed(settings: dict[str, object]) -> str:
    """The speed of stored settings, as `tavola.server.storage.speed_of` says it (copied:
    a migration does not change when the code does)."""
    clock = settings.get("clock")
    if isinstance(clock, dict) and clock.get("kind") in ("realtime", "turn"):
        return str(clock["kind"])
    timer = settings.get("timer")
    if isinstance(timer, (int, float)) and not isinstance(timer, bool):
        return "turn"
    return "off"


def upgrade() -> None:
    """Add `tables.speed` and `tables.rated` (filled in from each table's settings), the
    lobby's index, `follows` and `invites`."""
    # Plain ADD COLUMN, as in r0004: a batch migration would copy and drop `tables`, and
    # on SQLite with foreign keys on that would delete every table's seats and actions.
    op.add_column("tables", sa.Column("speed", sa.String(8), nullable=False,
                                      server_default="off"))
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("settings", sa.Text),
                      sa.column("speed", sa.String), sa.column("rated", sa.Boolean))
    conn = op.get_bind()
    rows = conn.execute(sa.select(tables.c.id, tables.c.settings)).all()
    for row in rows:
        settings = json.loads(row.settings)
        speed, rated = _speed(settings), bool(settings.get("rated", False))
        if speed != "off" or rated:
            conn.execute(tables.update().where(tables.c.id == row.id)
                         .values(speed=speed, rated=rated))
    op.create_index("tables_lobby", "tables", ["public", "finished", "game", "speed"])
    op.create_table(
        "follows",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("followed_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("added", sa.Float, nullable=False),
    )
    op.create_index("follows_followed", "follows", ["followed_id"])
    op.create_table(
        "invites",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("from_account", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("to_account", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("to_account", "table_id", name="invites_once"),
    )


def downgrade() -> None:
    """Forget the invitations, the follows and the tables' speed and rated columns."""
    op.drop_table("invites")
    op.drop_index("follows_followed", table_name="follows")
    op.drop_table("follows")
    op.drop_index("tables_lobby", table_name="tables")
    op.drop_column("tables", "rated")
    op.drop_column("tables", "speed")
