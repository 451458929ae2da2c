/**
 * Runs the server: read config, open and migrate the database, seed demo members into an empty one,
 * listen, and shut down cleanly on SIGINT/SIGTERM (plugins/graceful-close.ts: readiness off, drain
 * delay, close).
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase, migrateToLatest } from './db/database';
import {
  demoLoginWarning,
  settingsErrors,
  startupSummary,
  startupWarnings,
} from './lib/startup-report';
import { SeedRepository } from './repositories/seed.repository';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo-login';
import { openDemoLogins } from './seed/open-demo-logins';

/** Time left after the drain for the close hooks (background sends, Redis, the database). */
const CLOSE_HOOKS_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const wrong = settingsErrors(config);
  if (wrong.length > 0) {
    for (const line of wrong) console.error(`Cannot start: ${line}`);
    process.exit(1);
  }
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);

  const app = await buildApp(config, { database });
  // The seed's generators and avatar drawing are large; they load only for an empty database.
  if (!(await new SeedRepository(database.db).hasMembers())) {
    const { seedIfEmpty } = await import('./seed/seed');
    await seedIfEmpty(database.db, {
      store: app.storage,
      members: config.seedMembers,
      log: (msg) => app.log.info(msg),
    });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    // close() drains for at most shutdownTimeoutMs; this is for a hook that hangs after that.
    const limit = config.shutdownDrainDelayMs + config.shutdownTimeoutMs + CLOSE_HOOKS_MS;
    setTimeout(() => process.exit(1), limit).unref();
    try {
      // Readiness 503 at once; serving on for the drain delay; then no new connections.
      await app.shutdown.drainAndClose();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const address = app.siteOrigin();
  app.log.info(startupSummary(config, database.engine, port), 'start-up report');
  for (const warning of startupWarnings(config)) app.log.warn(`start-up report: ${warning}`);
  console.log(`\n  ${config.site.name} is running at ${address}  (${database.engine})`);
  const demo = await openDemoLogins(database.db);
  if (demo.includes(DEMO_EMAIL)) console.log(`  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  if (demo.length > 0 && config.nodeEnv === 'production') app.log.warn(demoLoginWarning(demo));
  console.log(`  API docs:   ${address}/api/docs\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
