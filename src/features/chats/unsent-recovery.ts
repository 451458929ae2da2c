/**
 * After a load, the messages this device's pages still kept (unsent-messages.ts) go to the sync
 * worker, which queues and sends each one it does not hold yet, under its first client id.
 */
import type { SyncApi } from '../../bridges/worker-bridge';
import { isSyncError } from '../../bridges/worker-bridge';
import { isKept, keptUnsent, releaseUnsent, type UnsentMessage } from './unsent-messages';

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

/** Which kept messages a hand-over takes, and whether it gives young ones their grace. */
interface Selection {
  wanted: (message: UnsentMessage) => boolean;
  grace: boolean;
}

async function handOver(
  member: number,
  { sync, now = Date.now, wait = sleep }: RecoveryDeps,
  { wanted, grace }: Selection = { wanted: () => true, grace: true },
) {
  let handed = 0;
  for (const message of keptUnsent(now()).filter((k) => k.member === member && wanted(k))) {
    const age = now() - message.at;
    if (grace && age < UNSENT_GRACE_MS) await wait(UNSENT_GRACE_MS - age);
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

/** Runs a hand-over under the lock that makes tabs take turns (none without Web Locks). */
async function underLock(deps: RecoveryDeps, run: () => Promise<number>): Promise<number> {
  const locks = 'locks' in deps ? deps.locks : navigator.locks;
  if (!locks) return run();
  let handed = 0;
  await locks.request(LOCK, async () => {
    handed = await run();
  });
  return handed;
}

/** Hands `member`'s kept messages to the worker, oldest first; resolves how many it now holds. */
export function recoverUnsent(member: number, deps: RecoveryDeps): Promise<number> {
  return underLock(deps, () => handOver(member, deps));
}

/**
 * Before a new message goes: what `member`'s earlier loads of the page kept from before `before`
 * is handed over first, at once, so the new message cannot overtake it (a reload in the moment
 * after Enter, then a message typed right after the reload, inside the grace). `own` are the
 * client ids this load sent itself, which its worker is sending already. Another open tab's
 * message taken here is sent twice at most, and stored once: the server keys a message by sender
 * and client id. Never throws: the new message goes either way.
 */
export async function recoverBefore(
  member: number,
  before: number,
  own: ReadonlySet<string>,
  deps: RecoveryDeps,
): Promise<void> {
  const wanted = (message: UnsentMessage) => message.at <= before && !own.has(message.clientId);
  try {
    // Nothing kept (the usual case) costs one read of the storage, and no lock.
    if (!keptUnsent((deps.now ?? Date.now)()).some((k) => k.member === member && wanted(k))) return;
    await underLock(deps, () => handOver(member, deps, { wanted, grace: false }));
  } catch (error) {
    console.warn('Earlier kept messages could not be handed over first', error);
  }
}
