"""The rematch of a finished table.

Revision ID: r0003
Revises: r0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0003"
down_revision: str | None = "r0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Link each finished table to its rematch (at most one)."""
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("rematch_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    )


def downgrade() -> None:
    """Drop the links."""
    op.drop_table("rematches")
