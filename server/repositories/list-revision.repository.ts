/** The counters of a member's likes and chat lists (migration 014), read before either is built. */
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

/** What a list poll's ETag is made of before anything is built. */
export interface ListRevisions {
  likes: number;
  chats: number;
}

/**
 * The counters of a `member_lists` row, or of none: both are 0 while no write has concerned the
 * member's lists (the row comes with the first).
 */
export function toListRevisions(
  row:
    { likes_revision: number | string | null; chats_revision: number | string | null } | undefined,
): ListRevisions {
  return { likes: Number(row?.likes_revision ?? 0), chats: Number(row?.chats_revision ?? 0) };
}

// Read on every likes and chat list poll, so built once.
const revisionsRow = prepared((db, p: { memberId: number }) =>
  db
    .selectFrom('member_lists')
    .select(['likes_revision', 'chats_revision'])
    .where('member_id', '=', p.memberId),
);

/** Reads the list counters the triggers of migration 014 move. */
export class ListRevisionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The member's counters (see toListRevisions). */
  async of(memberId: number): Promise<ListRevisions> {
    return toListRevisions(await revisionsRow.first(this.db, { memberId }));
  }
}
