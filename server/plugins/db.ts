/** Opens (or adopts) the database, migrates it, and shares it and the repositories with every route. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createDatabase, migrateToLatest, type DatabaseHandle, type Engine } from '../db/database';
import type { Database } from '../db/schema';
import { createRepositories, type Repositories } from '../repositories/repositories';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbEngine: Engine;
    repos: Repositories;
  }
}

/** Options of the db plugin. */
export interface DbPluginOptions {
  /** An open database owned by the caller (main.ts); without it the plugin opens and closes its own. */
  database?: DatabaseHandle;
}

export default unencapsulated('db', async (app: FastifyInstance, opts: DbPluginOptions) => {
  const owned = opts.database === undefined;
  const handle =
    opts.database ??
    createDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      schema: app.config.dbSchema,
    });
  try {
    await migrateToLatest(handle.db);
  } catch (err) {
    if (owned) await handle.close();
    throw err;
  }
  app.decorate('db', handle.db);
  app.decorate('dbEngine', handle.engine);
  app.decorate('repos', createRepositories(handle.db));
  const { pool } = handle;
  if (pool) {
    app.metrics.gauge(
      'amora_db_pool_connections',
      'PostgreSQL connections open',
      () => pool.totalCount,
    );
    app.metrics.gauge('amora_db_pool_idle', 'PostgreSQL connections idle', () => pool.idleCount);
    app.metrics.gauge(
      'amora_db_pool_waiting',
      'Queries waiting for a connection',
      () => pool.waitingCount,
    );
  }
  if (owned) app.addHook('onClose', () => handle.close());
});
