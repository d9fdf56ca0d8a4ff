"""The vs-bots ladder: each account's rating per game against the bots' fixed ratings, and
each game of that ladder's result per seat (the rating before and after it, and the bots
it was rated against).

Revision ID: r0011
Revises: r0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0011"
down_revision: str | None = "r0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `bot_ladder` and `bot_ladder_results`."""
    op.create_table(
        "bot_ladder",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("bot_ladder_game", "bot_ladder", ["game"])
    op.create_table(
        "bot_ladder_results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True,
                  index=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("bots", sa.Text, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Forget the vs-bots ladder."""
    op.drop_table("bot_ladder_results")
    op.drop_index("bot_ladder_game", table_name="bot_ladder")
    op.drop_table("bot_ladder")
