"""Table chat.

Revision ID: r0002
Revises: r0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision: str | None = "r0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the chat of each table."""
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("channel", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("chat")
