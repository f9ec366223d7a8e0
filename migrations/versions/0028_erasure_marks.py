"""Whether an erasure was asked with a token an administrator issued in the player's name
(L10): kept beside who asked it, so that an erasure cut short before `player_erased` and
completed later (by an administrator, or by the erasure list at a start) records who asked
it and with what token, not who completed it. Erasures before: unknown (null).

The service may set the mark, and nothing else of an erasure's row.

Revision ID: 0028
Revises: 0027
"""

from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE erasures ADD COLUMN by_administrators_token boolean")
    op.execute("GRANT UPDATE (by_administrators_token) ON erasures TO domino_app")


def downgrade() -> None:
    op.execute("REVOKE UPDATE (by_administrators_token) ON erasures FROM domino_app")
    op.execute("ALTER TABLE erasures DROP COLUMN by_administrators_token")
