/**
 * The SQL of prepared queries (server/db/prepared.ts), by name. PostgreSQL parses and plans an
 * unnamed statement on every run (about as long as running a search page); a named one is parsed
 * once per connection and its plan kept. Only these texts get names: their number is bounded by the
 * code, while ad-hoc queries (an `in` list of any length) would grow every connection's set.
 */
const names = new Map<string, string>();

/** Gives `sql` a name, once; the same text has the same name on every connection. */
export function markHot(sql: string): void {
  if (!names.has(sql)) names.set(sql, `amora_hot_${names.size + 1}`);
}

/** The name of a prepared query's SQL, or undefined for any other statement. */
export function hotStatementName(sql: string): string | undefined {
  return names.get(sql);
}
