/** Postback outbox rows for the delivery tests, and how those tests wait for the sender. */
import type { FastifyInstance } from 'fastify';
import type { PostbackDeliveryConfig } from '../../server/config';

/** Fast enough for a test: polls every 30 ms, retries after 100 ms doubling to 400 ms, 6 tries. */
export const QUICK_DELIVERY: PostbackDeliveryConfig = {
  pollMs: 30,
  timeoutMs: 1000,
  retryBaseMs: 100,
  retryMaxMs: 400,
  maxAttempts: 6,
};

/** What a test sets on a row; the rest is a pending sign-up of network `net`. */
export interface PostbackFixture {
  event_key?: string;
  event?: string;
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  amount?: number;
  currency?: string;
  transaction_ref?: string;
  status?: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts?: number;
  next_attempt_at?: number;
  created_at?: number;
}

let counter = 0;

/** Inserts a postback, by default pending and due now as a conversion writes it; returns its id. */
export async function insertPostback(
  app: FastifyInstance,
  p: PostbackFixture = {},
): Promise<number> {
  counter += 1;
  const now = Date.now();
  const settled = p.status !== undefined && p.status !== 'pending';
  const { id } = await app.db
    .insertInto('postback_outbox')
    .values({
      event_key: p.event_key ?? `test:${counter}:${now}`,
      event: p.event ?? 'signup',
      network: p.network ?? 'net',
      ref: p.ref ?? `ref-${counter}`,
      sub1: p.sub1 ?? '',
      sub2: p.sub2 ?? '',
      sub3: p.sub3 ?? '',
      amount: p.amount ?? 0,
      currency: p.currency ?? '',
      transaction_ref: p.transaction_ref ?? '',
      attempts: p.attempts ?? 0,
      // A settled row is never due, so no sender takes it between the insert and the update.
      next_attempt_at: p.next_attempt_at ?? (settled ? now + 86_400_000 : now),
      created_at: p.created_at ?? now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Conversions only ever write pending rows; a settled one is what delivery made of one.
  if (settled) {
    await app.db
      .updateTable('postback_outbox')
      .set({ status: p.status })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/** Inserts postbacks in order; returns their ids. */
export async function insertPostbacks(
  app: FastifyInstance,
  rows: readonly PostbackFixture[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) ids.push(await insertPostback(app, row));
  return ids;
}

/** One outbox row as the console would read it. */
export function postbackRow(app: FastifyInstance, id: number) {
  return app.db
    .selectFrom('postback_outbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Waits until `check` holds; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the row leaves `pending` and returns it. */
export async function settled(app: FastifyInstance, id: number, timeoutMs = 10_000) {
  await eventually(async () => (await postbackRow(app, id)).status !== 'pending', timeoutMs);
  return postbackRow(app, id);
}
