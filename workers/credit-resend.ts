/**
 * Out of credits in a chat (issue 13): a message refused with `chat.no_credits` stays on the
 * device as a failed bubble; once the member has credits again it is sent exactly once, by
 * whichever worker claims it first.
 */
import type { AmoraDb } from '../src/db/db';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';
import { postMessage, queueMessage } from './messages';
import { isNoCreditsRefusal } from '../src/shared/no-credits';
import { currentMemberId } from './session';

/** How many messages the stored balance pays for; unknown balance or cost: no limit. */
async function affordable(db: AmoraDb): Promise<number> {
  const credits = (await kvGet(db, 'user'))?.credits;
  const cost = (await kvGet(db, 'creditsOffer'))?.offer.message_credits;
  if (credits === undefined || cost === undefined || cost <= 0) return Infinity;
  return Math.floor(credits / cost);
}

type Claimed = Awaited<ReturnType<typeof queueMessage>>;

/**
 * In ONE IndexedDB transaction: find this member's messages refused for credits (oldest first, as
 * many as the balance pays for) and replace each failed row by a queued one under a new client id
 * (retryMessage's mechanism). IndexedDB runs overlapping read-write transactions one after the
 * other, so a second tab's worker finds them claimed already and sends nothing.
 */
function claim(ctx: SyncContext): Promise<Claimed[]> {
  const { db } = ctx;
  return db.transaction('rw', db.kv, db.messages, db.actions, async () => {
    const memberId = await currentMemberId(ctx);
    if (memberId === null) return [];
    const refused = (await db.actions.where('status').equals('failed').toArray())
      .filter(
        (action) =>
          action.kind === 'message' &&
          action.memberId === memberId &&
          isNoCreditsRefusal(action.error),
      )
      .sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
    const budget = await affordable(db);
    const claimed: Claimed[] = [];
    for (const action of refused) {
      if (claimed.length >= budget) break;
      const row = await db.messages.get(action.clientId);
      if (row?.status !== 'failed') continue;
      claimed.push(await queueMessage(ctx, row.conversation, row.msg, row.key));
    }
    return claimed;
  });
}

/**
 * Resends the messages refused for lack of credits, in the order they were written. A send that
 * fails again is stored as failed again (and waits for the next top-up). Resolves the number sent.
 */
export async function resendNoCreditMessages(ctx: SyncContext): Promise<number> {
  const claimed = await claim(ctx);
  let sent = 0;
  for (const { memberId, body } of claimed) {
    try {
      await postMessage(ctx, memberId, body);
      sent++;
    } catch {
      // postMessage stored the refusal on the row; the bubble shows it.
    }
  }
  return sent;
}
