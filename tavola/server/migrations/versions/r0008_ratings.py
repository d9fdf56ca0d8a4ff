"""Ratings: each account's OpenSkill rating per game, and each rated game's result per
seat (the ratings before and after it); accounts an operator disabled, and operators.

Revision ID: r0008
Revises: r0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0008"
down_revision: str | None = "r0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `ratings` and `rated_results`, and the accounts' `operator` and `disabled`."""
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("operator", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("disabled", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_game", "ratings", ["game"])
    op.create_table(
        "rated_results",
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
        sa.Column("time", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Forget the ratings and the rated results."""
    op.drop_table("rated_results")
    op.drop_index("ratings_game", table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("disabled")
        batch.drop_column("operator")
