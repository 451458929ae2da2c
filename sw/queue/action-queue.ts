/**
 * The action queue (DESIGN §6): the service worker sends likes, unlikes and messages itself, keeps
 * the ones that could not be delivered and replays them in order, exactly once per client id on
 * the server, never under another member's session. Pure logic: fetch, clock and store are injected.
 */
import { MEMBER_HEADER, type ActionsMessage } from '../../src/shared/offline-protocol';
import { retryWithRoom } from '../../src/shared/room-retry';
import { nextAttemptAt } from './backoff';
import {
  queuedResponse,
  readAction,
  readJson,
  toRequest,
  type CapturedAction,
  type ReadAction,
} from './capture';
import { classify } from './classify';
import type { QueuedAction, QueueStore } from './types';

export interface ActionQueueDeps {
  store: QueueStore;
  fetch: (request: Request) => Promise<Response>;
  /** Posts on the actions channel (the sync worker reconciles Dexie from these). */
  post: (message: ActionsMessage) => void;
  now?: () => number;
  random?: () => number;
  /** Called after every change with the earliest time a waiting entry may be tried (null: none). */
  onWaiting?: (wakeAt: number | null) => void;
  /**
   * Frees disk space (copies of server data) when the queue's own store is refused for lack of
   * quota: an action the member took weighs more than any cached photo.
   */
  makeRoom?: () => Promise<unknown>;
}

export { ROOM_RETRIES } from '../../src/shared/room-retry';

export interface ReplayOptions {
  /** The page reports connectivity: entries that failed on a network error skip their backoff. */
  eager?: boolean;
}

export interface ReplayResult {
  delivered: number;
  failed: number;
  retried: number;
  /** Entries of the session member still queued after the round. */
  waiting: number;
  /** Earliest time one of them may be tried again; null when none waits. */
  wakeAt: number | null;
}

export class ActionQueue {
  private readonly now: () => number;
  private readonly random: () => number;
  /** Memory copy of the session member, changed synchronously so an in-flight round sees it at once. */
  private session: number | null | undefined;
  private sessionLoaded = false;
  /** Rounds run one after another; triggers arriving before a round starts share it. */
  private chain: Promise<unknown> = Promise.resolve();
  private pending: Promise<ReplayResult> | null = null;
  private pendingEager = false;
  /** Per member, the last live request being handled: the next one waits until it has settled. */
  private readonly lanes = new Map<number, Promise<unknown>>();
  /**
   * Members this worker read no stored entry for, and has queued nothing for since: their next
   * action goes out without a store read (about as long as the request's own way to this worker).
   * Only service workers write the store; this one forgets a member on its own enqueue, and on
   * another worker's `queued` message (a previous version finishing its last requests).
   */
  private readonly idle = new Set<number>();
  /** Counts this worker's enqueues: a read that an enqueue overlapped proves nothing. */
  private enqueues = 0;

  constructor(private readonly deps: ActionQueueDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
  }

  /**
   * Sends a page's action; on network error, 5xx or 429 keeps it and answers 202 queued. A member's
   * actions are handled one after another, in the order the fetch events came: when two messages
   * were in flight together and the first failed, the second went through first and arrived ahead.
   */
  handle(request: Request): Promise<Response> {
    // Joined before any await, so the lane keeps the order of the fetch events.
    const memberId = Number(request.headers.get(MEMBER_HEADER));
    if (!Number.isSafeInteger(memberId) || memberId <= 0) return this.deps.fetch(request);
    // The body is read at once: a request the page gives up on while it waits is still queued.
    const reading = readAction(request);
    reading.catch(() => undefined); // awaited in turn; a failed read must not count as unhandled
    const before = this.lanes.get(memberId) ?? Promise.resolve();
    const handled = before.then(() => this.handleInTurn(memberId, reading));
    const tail = handled.catch(() => undefined);
    this.lanes.set(memberId, tail);
    void tail.then(() => {
      if (this.lanes.get(memberId) === tail) this.lanes.delete(memberId);
    });
    return handled;
  }

  private async handleInTurn(memberId: number, reading: Promise<ReadAction>): Promise<Response> {
    // Older entries of this member still wait: going first would break the order of messages.
    const waiting = await this.hasWaiting(memberId);
    const { outgoing, captured } = await reading;
    if (!captured) return this.deps.fetch(outgoing); // no client id: cannot be replayed safely
    if (waiting) return this.enqueue(captured, 0, null, this.now());
    let response: Response;
    try {
      response = await this.deps.fetch(outgoing);
    } catch {
      return this.enqueue(captured, 1, null, nextAttemptAt(1, null, this.now(), this.random));
    }
    if (classify(response.status) !== 'retry') return response;
    const retryAfter = response.headers.get('retry-after');
    return this.enqueue(
      captured,
      1,
      response.status,
      nextAttemptAt(1, retryAfter, this.now(), this.random),
    );
  }

  private async hasWaiting(memberId: number): Promise<boolean> {
    if (this.idle.has(memberId)) return false;
    const before = this.enqueues;
    const waiting = (await this.deps.store.all()).some((a) => a.memberId === memberId);
    if (!waiting && this.enqueues === before) this.idle.add(memberId);
    return waiting;
  }

  /** Another service worker queued an entry of `memberId`: the store must be read again. */
  heardQueued(memberId: number): void {
    this.idle.delete(memberId);
  }

  /** Replays what may be tried now; concurrent calls are serialised and merged. */
  replay(options: ReplayOptions = {}): Promise<ReplayResult> {
    this.pendingEager ||= options.eager === true;
    if (this.pending) return this.pending;
    const run = this.chain.then(() => {
      const eager = this.pendingEager;
      this.pending = null;
      this.pendingEager = false;
      return this.round(eager);
    });
    this.pending = run;
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Records the session member (null: logged out) and drops every entry of anyone else. */
  setSession(memberId: number | null): Promise<{ previous: number | null | undefined }> {
    const known = this.sessionLoaded;
    const before = this.session;
    // Synchronously, so a round already sending sees the change before its next entry.
    this.session = memberId;
    this.sessionLoaded = true;
    return (async () => {
      const previous = known ? before : await this.deps.store.getSession();
      await this.deps.store.setSession(memberId);
      this.deps.onWaiting?.(wakeAt(await this.deps.store.all(), memberId));
      return { previous };
    })();
  }

  /** The member of the last session message, loaded from the store after a worker restart. */
  async currentSession(): Promise<number | null | undefined> {
    if (!this.sessionLoaded) {
      const stored = await this.deps.store.getSession();
      if (!this.sessionLoaded) this.session = stored;
      this.sessionLoaded = true;
    }
    return this.session;
  }

  private async enqueue(
    captured: CapturedAction,
    attempts: number,
    lastStatus: number | null,
    at: number,
  ): Promise<Response> {
    const now = this.now();
    this.enqueues++;
    this.idle.delete(captured.memberId);
    await this.withRoom(() =>
      this.deps.store.add({
        ...captured,
        enqueuedAt: now,
        attempts,
        lastStatus,
        nextAttemptAt: at,
      }),
    );
    this.deps.post({ type: 'queued', clientId: captured.clientId, memberId: captured.memberId });
    const session = await this.currentSession();
    this.deps.onWaiting?.(wakeAt(await this.deps.store.all(), session));
    return queuedResponse();
  }

  /** A queue write that, refused for lack of space, makes room and tries again. */
  private withRoom<T>(write: () => Promise<T>): Promise<T> {
    const { makeRoom } = this.deps;
    return makeRoom ? retryWithRoom(write, makeRoom) : write();
  }

  private async round(eager: boolean): Promise<ReplayResult> {
    const result: ReplayResult = { delivered: 0, failed: 0, retried: 0, waiting: 0, wakeAt: null };
    await this.currentSession();
    const blocked = new Set<number>();
    for (const action of await this.deps.store.all()) {
      // Read the memory copy per entry: a logout during the round stops it at once.
      if (action.memberId !== this.session || blocked.has(action.memberId)) continue;
      const due = action.nextAttemptAt <= this.now() || (eager && action.lastStatus === null);
      if (!due) {
        blocked.add(action.memberId); // later entries of this member wait behind it
        continue;
      }
      const outcome = await this.send(action);
      if (outcome === 'retry') {
        blocked.add(action.memberId); // keep the order: this member's round stops here
        result.retried += 1;
      } else {
        result[outcome] += 1;
      }
    }
    const left = (await this.deps.store.all()).filter((a) => a.memberId === this.session);
    result.waiting = left.length;
    result.wakeAt = wakeAt(left, this.session);
    this.deps.onWaiting?.(result.wakeAt);
    return result;
  }

  private async send(action: QueuedAction): Promise<'delivered' | 'failed' | 'retry'> {
    let response: Response;
    try {
      response = await this.deps.fetch(toRequest(action));
    } catch {
      return this.retry(action, null, null); // lost on the way there or back: the server dedupes
    }
    const outcome = classify(response.status);
    if (outcome === 'retry') {
      return this.retry(action, response.status, response.headers.get('retry-after'));
    }
    const body = await readJson(response);
    await this.deps.store.remove(action.id);
    const { clientId, memberId } = action;
    this.deps.post({ type: outcome, clientId, memberId, status: response.status, body });
    return outcome;
  }

  private async retry(
    action: QueuedAction,
    status: number | null,
    retryAfter: string | null,
  ): Promise<'retry'> {
    // A first server answer after network errors starts the backoff over: hours offline must not
    // leave a message parked for minutes behind one 502 once the member is back.
    const answeredAfterSilence = status !== null && action.lastStatus === null;
    const attempts = answeredAfterSilence ? 1 : action.attempts + 1;
    const at = nextAttemptAt(attempts, retryAfter, this.now(), this.random);
    await this.withRoom(() =>
      this.deps.store.update({ ...action, attempts, lastStatus: status, nextAttemptAt: at }),
    );
    return 'retry';
  }
}

/** Earliest next try among the session member's entries: the head of its FIFO decides. */
export function wakeAt(actions: QueuedAction[], session: number | null | undefined): number | null {
  const head = actions.find((a) => a.memberId === session);
  return head ? head.nextAttemptAt : null;
}
