/**
 * Drains `postback_outbox` in the background of every server instance. Each due row is leased
 * by a conditional update before its request, so two instances never send it at the same time;
 * the outcome is written only while the lease is still this instance's. A row is sent until a
 * partner answers 2xx, with backoff between attempts, and given up after `maxAttempts`.
 *
 * Once per event: the table holds one row per event key, and a delivered row is never sent
 * again. The one gap is a partner that answered 2xx to an instance that died before writing it
 * down: the row is sent again when the lease ends. The event id (header and `{event_id}`) is the
 * same on every attempt, so such a partner can drop the repeat.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PostbackDeliveryConfig } from '../config';
import type {
  ClaimedPostback,
  PostbackOutboxRepository,
} from '../repositories/postback-outbox.repository';
import type { MetricsCounter } from '../plugins/metrics';
import { WakeableLoop } from '../lib/wakeable-loop';
import { attemptPostback, type AttemptOutcome } from './postback-attempt';
import { retryDelay } from './postback-backoff';
import type { PostbackTarget, PostbackTargets } from './postback-config';
import { postbackRequest } from './postback-request';

/** Rows claimed and sent together; a slow partner holds up at most this batch. */
export const POSTBACK_BATCH = 10;
/** A lease outlasts the request's timeout by this much, so it never ends while the request runs. */
const LEASE_MARGIN_MS = 30_000;

/** What the sender needs from the app. */
export interface PostbackSenderDeps {
  repo: PostbackOutboxRepository;
  targets: PostbackTargets;
  config: PostbackDeliveryConfig;
  log: FastifyBaseLogger;
  delivered: MetricsCounter<'network'>;
  failed: MetricsCounter<'network'>;
}

/** The background sender of one instance. */
export class PostbackSender {
  private readonly targets: Map<string, PostbackTarget>;
  private readonly loop: WakeableLoop;

  constructor(private readonly deps: PostbackSenderDeps) {
    // A Map: network names come from visitors' links and must not reach Object.prototype.
    this.targets = new Map(Object.entries(deps.targets));
    this.loop = new WakeableLoop(
      () => this.tick(),
      deps.config.pollMs,
      (err: unknown) => this.deps.log.error({ err }, 'postback: sender failed'),
    );
  }

  /** Sends what is due now, then looks again every pollMs until stopped. */
  start(): void {
    this.loop.start();
  }

  /** Looks for due postbacks now (one was just written, or the timer fired). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves once no request is in flight (tests, shutdown). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Takes no new rows and waits for the requests in flight to settle. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async tick(): Promise<void> {
    const { repo, config } = this.deps;
    const leaseMs = config.timeoutMs + LEASE_MARGIN_MS;
    while (!this.loop.stopped) {
      const ids = await repo.due(Date.now(), POSTBACK_BATCH);
      const claimed = await Promise.all(ids.map((id) => repo.claim(id, Date.now(), leaseMs)));
      const ours = claimed.filter((p): p is ClaimedPostback => p !== undefined);
      await Promise.all(ours.map((p) => this.send(p)));
      if (ids.length < POSTBACK_BATCH || ours.length === 0) break;
    }
  }

  /** One attempt at one leased row, and its outcome written down. */
  private async send(p: ClaimedPostback): Promise<void> {
    const { repo, log } = this.deps;
    try {
      const target = this.targets.get(p.network);
      if (!target || !(target.events as readonly string[]).includes(p.event)) {
        await repo.skipped(p);
        return;
      }
      const request = postbackRequest(target, p, Date.now());
      const outcome = await attemptPostback(
        request.url,
        request.headers,
        this.deps.config.timeoutMs,
      );
      await this.record(p, outcome);
    } catch (err) {
      // The lease runs out and the row is tried again then.
      log.error({ err, postback: p.id, network: p.network }, 'postback: not settled');
    }
  }

  private async record(p: ClaimedPostback, outcome: AttemptOutcome): Promise<void> {
    const { repo, config, log } = this.deps;
    const now = Date.now();
    const labels = { network: p.network };
    if (outcome.ok) {
      this.deps.delivered.inc(labels);
      if (!(await repo.delivered(p, now))) {
        log.warn({ postback: p.id, network: p.network }, 'postback: delivered after its lease');
      }
      return;
    }
    const attempts = p.attempts + 1;
    const retryAt = attempts >= config.maxAttempts ? null : now + retryDelay(attempts, config);
    this.deps.failed.inc(labels);
    // Network, event and reason only: the address holds the visitor's ref and sub-ids.
    log.warn(
      { postback: p.id, network: p.network, event: p.event, attempts, error: outcome.error },
      retryAt === null ? 'postback: given up' : 'postback: attempt failed',
    );
    await repo.attemptFailed(p, { attempts, error: outcome.error, now, retryAt });
  }
}
