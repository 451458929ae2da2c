/**
 * Runs the data export jobs with the app: the runner starts when the app is ready (re-queueing
 * what a crash left running) and stops at close, handing an unfinished job back to the queue.
 */
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { DataExportRunner } from '../services/data-export-runner';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background producer of data exports; routes wake it, tests wait for it. */
    dataExports: DataExportRunner;
  }
}

export default unencapsulated('data-export', async (app: FastifyInstance) => {
  const runner = new DataExportRunner(app);
  await mkdir(runner.dir, { recursive: true });
  app.decorate('dataExports', runner);
  app.metrics.gauge('amora_data_exports_queued', 'Data exports waiting for a runner', () =>
    app.repos.dataExports.queuedCount(),
  );
  app.addHook('onReady', () => runner.start());
  // Registered after the database and mail plugins, so it stops before they close.
  app.addHook('onClose', () => runner.stop());
});
