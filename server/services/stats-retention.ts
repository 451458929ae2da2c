/**
 * The retention of raw stats events: those of days older than STATS_RETENTION_DAYS are summed
 * into the daily figures and deleted. Every instance runs it hourly; runs that meet are safe
 * (StatsEventsRepository.rollUp), so no instance has to be the one that does it.
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
