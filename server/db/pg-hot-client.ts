/** pg clients that run the prepared queries' SQL as named statements (see hot-statements.ts). */
import type pg from 'pg';
import { hotStatementName } from './hot-statements';

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * Kysely calls `client.query(sql, values)`; for a known text this sends `{ name, text, values }`
 * instead. Installed on each new pool client (the pool's 'connect' event).
 */
export function nameHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as AnyQuery;
  const named: AnyQuery = (...args) => {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values)
        ? hotStatementName(text)
        : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
  client.query = named as pg.PoolClient['query'];
}
