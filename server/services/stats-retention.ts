/**
 * The retention of raw stats events: those of days older than STATS_RETENTION_DAYS are summed
 * into the daily figures and deleted, and settled postbacks of those days go. Every instance runs
 * it hourly; runs that meet are safe (StatsEventsRepository.rollUp; the rest are plain deletes and
 * updates), so no instance has to be the one that does it.
 */
import type { FastifyInstance } from 'fastify';
import { utcDay } from '../lib/stats-dimensions';

/** How often each instance rolls up. */
export const ROLL_UP_MS = 60 * 60_000;
/** The first roll-up after start, once the instance is serving. */
export const FIRST_ROLL_UP_MS = 60_000;
const DAY_MS = 86_400_000;

/** The first day whose raw events are kept at `now`. */
export function keptFrom(now: number, retentionDays: number): string {
  return utcDay(now - retentionDays * DAY_MS);
}

/** Rolls up what retention no longer keeps; answers how many raw rows went. */
export async function rollUpStats(app: FastifyInstance, now = Date.now()): Promise<number> {
  return app.repos.statsEvents.rollUp(keptFrom(now, app.config.statsRetentionDays));
}

/** What one hourly run did. */
export interface RetentionRun {
  /** Raw events summed into the daily figures and deleted. */
  rolledUp: number;
  /** Settled postbacks of days retention no longer keeps, deleted. */
  postbacksPruned: number;
}

/**
 * The hourly run: the roll-up, the settled postbacks past retention, and the cause keys the
 * previous release may still write while a rolling restart runs (migration 013), emptied.
 */
export async function applyRetention(
  app: FastifyInstance,
  now = Date.now(),
): Promise<RetentionRun> {
  const rolledUp = await rollUpStats(app, now);
  const firstKept = Date.parse(`${keptFrom(now, app.config.statsRetentionDays)}T00:00:00Z`);
  const postbacksPruned = await app.repos.postbackOutbox.prune(firstKept);
  await app.repos.statsEvents.forgetKeys();
  await app.repos.postbackOutbox.rekeyCauseKeys();
  return { rolledUp, postbacksPruned };
}
