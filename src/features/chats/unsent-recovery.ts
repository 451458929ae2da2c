/**
 * After a load, the messages this device's pages still kept (unsent-messages.ts) go to the sync
 * worker, which queues and sends each one it does not hold yet, under its first client id.
 */
import type { SyncApi } from '../../bridges/worker-bridge';
import { isSyncError } from '../../bridges/worker-bridge';
import { isKept, keptUnsent, releaseUnsent } from './unsent-messages';

/**
 * A kept message younger than this may belong to a tab that is still open, whose worker writes
 * its row within tens of ms; it is looked at once it is this old.
 */
export const UNSENT_GRACE_MS = 2000;

/** Only one tab hands messages over at a time; the others find them released. */
const LOCK = 'amora-unsent-recovery';

export interface RecoveryDeps {
  sync: Pick<SyncApi, 'recoverMessage'>;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
  locks?: Pick<LockManager, 'request'> | undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function handOver(member: number, { sync, now = Date.now, wait = sleep }: RecoveryDeps) {
  let handed = 0;
  for (const message of keptUnsent(now()).filter((kept) => kept.member === member)) {
    const age = now() - message.at;
    if (age < UNSENT_GRACE_MS) await wait(UNSENT_GRACE_MS - age);
    // The tab that kept it may have released it meanwhile.
    if (!isKept(message.clientId)) continue;
    try {
      if ((await sync.recoverMessage(message)) === 'held') {
        releaseUnsent(message.clientId);
        handed++;
      }
    } catch (error) {
      // A text the server could never take is let go; anything else waits for the next load.
      if (isSyncError(error) && error.kind === 'validation') releaseUnsent(message.clientId);
      console.warn('A message kept over a reload could not be handed over yet', error);
    }
  }
  return handed;
}

/** Hands `member`'s kept messages to the worker, oldest first; resolves how many it now holds. */
export async function recoverUnsent(member: number, deps: RecoveryDeps): Promise<number> {
  const locks = 'locks' in deps ? deps.locks : navigator.locks;
  if (!locks) return handOver(member, deps);
  let handed = 0;
  await locks.request(LOCK, async () => {
    handed = await handOver(member, deps);
  });
  return handed;
}
