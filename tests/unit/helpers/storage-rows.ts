/** Rows for the storage budget tests: server copies to trim and the member's own unsent data. */
import type { ActionRow, AmoraDb, MessageRow, ProfileDetailsRow } from '../../../src/db/db';
import { profile } from './fixtures';

/** A message of `conversation` created `minute` minutes into the day. */
export function messageRow(
  conversation: number,
  minute: number,
  status: MessageRow['status'] = 'sent',
): MessageRow {
  const id = conversation * 10_000 + minute;
  return {
    key: status === 'sent' ? `id:${id}` : `local-${id}`,
    id: status === 'sent' ? id : null,
    conversation,
    sender: 1,
    msg: `message ${minute}`,
    client_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    read_at: null,
    status,
  };
}

/** A member page fetched at `fetchedAt`; the fields the trim ignores are left at card values. */
export function detailsRow(id: number, fetchedAt: number): ProfileDetailsRow {
  return { ...profile(id), etag: null, fetchedAt } as unknown as ProfileDetailsRow;
}

/** A like waiting for the service worker's replay. */
export function queuedLike(clientId: string, profileId: number): ActionRow {
  return {
    clientId,
    kind: 'like',
    memberId: 1,
    seq: 1,
    profileId,
    conversation: null,
    status: 'queued',
    error: null,
    createdAt: 0,
    prevLiked: false,
  };
}

/** Fills `db` with one of everything the trim must keep and server data it may remove. */
export async function seedStorage(db: AmoraDb): Promise<void> {
  await db.kv.bulkPut([
    { key: 'currentSearch', value: 'current' },
    { key: 'complaint:c1', value: { clientId: 'c1', status: 'queued' } },
    ...Array.from({ length: 5 }, (_, i) => ({
      key: `lander:slug-${i}`,
      value: { data: {}, fetchedAt: i },
    })),
  ]);
  const search = { didInit: true, num_results: 100, similar_num_results: null, updatedAt: 0 };
  await db.searches.bulkPut([
    {
      ...search,
      filterKey: 'current',
      filters: {} as never,
      highestPage: 6,
      similarHighestPage: 0,
    },
    { ...search, filterKey: 'old', filters: {} as never, highestPage: 1, similarHighestPage: 0 },
  ]);
  await db.searchPages.bulkPut([
    ...Array.from({ length: 6 }, (_, i) => ({
      filterKey: 'current',
      kind: 'main' as const,
      pageNumber: i + 1,
      results: [100 + i],
    })),
    { filterKey: 'old', kind: 'main', pageNumber: 1, results: [200] },
  ]);
  await db.profiles.bulkPut([100, 101, 102, 103, 104, 105, 200, 300, 400].map((id) => profile(id)));
  await db.likes.put({
    profileId: 300,
    liked: true,
    status: 'queued',
    clientId: 'like-1',
    seq: 1,
    did_like_profile: false,
    updatedAt: 0,
  });
  await db.actions.put(queuedLike('like-1', 300));
  await db.profileDetails.bulkPut([detailsRow(400, 3), detailsRow(401, 2), detailsRow(402, 1)]);
  await db.messages.bulkPut([
    ...Array.from({ length: 10 }, (_, i) => messageRow(7, i)),
    messageRow(7, 0, 'queued'),
    messageRow(7, 1, 'failed'),
    ...Array.from({ length: 3 }, (_, i) => messageRow(8, i)),
  ]);
  await db.signupDraft.put({
    key: 'current',
    memberId: 1,
    step: 3,
    email: 'a@example.com',
    name: 'A',
    location: null,
    profile: null,
    notes: null,
    photo: null,
    pending: ['photo'],
    refused: null,
    updatedAt: 0,
  });
}
