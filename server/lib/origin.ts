/** Pure helpers for the Origin check and the CSP, kept apart from Fastify so they are easy to test. */
import { createHash } from 'node:crypto';

/** Host with a default port (:80, :443) removed and lower-cased, as browsers send it in Origin. */
function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}

/**
 * True when a request may change state: no Origin/Referer at all (curl, native apps), or one whose
 * host equals the request's Host or the configured public host. `Origin: null` is refused.
 */
export function isAllowedOrigin(source: string | undefined, hosts: readonly string[]): boolean {
  if (source === undefined || source === '') return true;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = normaliseHost(url.host);
  return hosts.some((h) => normaliseHost(h) === host);
}

/** CSP source expressions ('sha256-…') for each inline <script> of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = m;
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}
