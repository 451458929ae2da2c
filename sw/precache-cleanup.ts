/** Which caches an activated worker may delete once it controls every client (DESIGN §6). */

/** Older Workbox precaches of this scope; never the current one or a runtime cache. */
export function outdatedPrecaches(names: string[], current: string, scope: string): string[] {
  return names.filter((n) => n !== current && n.includes('-precache-') && n.includes(scope));
}
