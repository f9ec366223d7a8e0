"""Tokens can be revoked: the service may set `expires_at`, and nothing else.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("GRANT UPDATE (expires_at) ON tokens TO domino_app")


def downgrade() -> None:
    op.execute("REVOKE UPDATE (expires_at) ON tokens FROM domino_app")
