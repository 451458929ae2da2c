/**
 * The stats of this instance: the page-view counter (flushed every few seconds and on close,
 * before the database closes) and the hourly retention run (raw events past it rolled up, settled
 * postbacks of those days deleted).
 */
import type { FastifyInstance } from 'fastify';
import { applyRetention, FIRST_ROLL_UP_MS, ROLL_UP_MS } from '../services/stats-retention';
import { ViewCounter } from '../services/view-counter';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    /** Funnel page views counted in memory until the next batch is written. */
    pageViews: ViewCounter;
  }
}

export default unencapsulated('stats', async (app: FastifyInstance) => {
  const views = new ViewCounter(
    (batches) => app.repos.statsEvents.insertViews(batches),
    (error) =>
      app.log.warn({ err: error }, 'stats: page views not written yet; kept for the next try'),
  );
  app.decorate('pageViews', views);
  app.metrics.gauge(
    'amora_stats_views_waiting',
    'Page views counted and not yet written',
    () => views.waiting,
  );

  const rollUp = async () => {
    try {
      const run = await applyRetention(app);
      if (run.rolledUp > 0) {
        app.log.info(`stats: ${run.rolledUp} raw events rolled into the daily figures`);
      }
      if (run.postbacksPruned > 0) {
        app.log.info(`stats: ${run.postbacksPruned} settled postbacks past retention deleted`);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'stats: roll-up failed; the next one tries again');
    }
  };
  let first: NodeJS.Timeout | undefined;
  let hourly: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    views.start();
    first = setTimeout(() => void rollUp(), FIRST_ROLL_UP_MS).unref();
    hourly = setInterval(() => void rollUp(), ROLL_UP_MS).unref();
  });
  // Registered after the database plugin, so the last views are written before it closes.
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(hourly);
    await views.stop();
  });
});
