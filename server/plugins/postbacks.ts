/**
 * Conversions reported to traffic partners (server/postbacks/): the sender starts when the app
 * is ready and, at close, takes no new rows and waits for the requests in flight. Metrics count
 * deliveries and failed attempts per configured network, and read the outbox's backlog.
 */
import type { FastifyInstance } from 'fastify';
import { PostbackSender } from '../postbacks/postback-sender';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background sender of postbacks; a conversion's writer may wake it. */
    postbacks: PostbackSender;
  }
}

export default unencapsulated('postbacks', async (app: FastifyInstance) => {
  const repo = app.repos.postbackOutbox;
  const sender = new PostbackSender({
    repo,
    targets: app.site.config.postbacks,
    config: app.config.postbackDelivery,
    log: app.log,
    // Only configured networks are ever sent to, so the label has a known, short list of values.
    delivered: app.metrics.counter(
      'amora_postbacks_delivered_total',
      'Postbacks a partner answered with 2xx, by network',
      ['network'],
    ),
    failed: app.metrics.counter(
      'amora_postbacks_failed_total',
      'Postback attempts that failed (no answer, or not 2xx), by network',
      ['network'],
    ),
  });
  app.decorate('postbacks', sender);
  app.metrics.gauge(
    'amora_postback_outbox_pending',
    'Postbacks waiting for their first or next attempt, all instances',
    () => repo.pendingCount(),
  );
  app.metrics.gauge(
    'amora_postback_outbox_failed',
    'Postbacks given up after every attempt failed, all instances',
    () => repo.failedCount(),
  );
  app.addHook('onReady', async () => sender.start());
  // No new rows once shutdown begins, so requests in flight finish while connections drain...
  let stopping: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    stopping = sender.stop();
  });
  // ...and their outcomes are written before the database closes (registered after it).
  app.addHook('onClose', () => stopping ?? sender.stop());
});
