/**
 * One GET to a partner, bounded by a timeout. The outcome is what the console and the log may
 * show: never the address (it holds the visitor's ref and sub-ids), only a short reason.
 */

/** A 2xx answer, or why not in a few words ("HTTP 503", "timeout", "connection refused"). */
export type AttemptOutcome = { ok: true } | { ok: false; error: string };

/** Readable names of the socket errors a partner's server most often causes. */
const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  UND_ERR_SOCKET: 'connection closed',
};

/** The error code fetch hides in `cause` (or, when every address failed, in its first error). */
function codeOf(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown; errors?: Array<{ code?: unknown }> } }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A short reason for a request that got no answer. */
export function describeFailure(err: unknown): string {
  const name = (err as { name?: unknown }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  const code = codeOf(err);
  if (code === undefined) return 'request failed';
  if (code.includes('CERT') || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL')) {
    return 'TLS error';
  }
  return NETWORK_ERRORS[code] ?? `network error ${code}`.slice(0, 60);
}

/** GETs `url`; 2xx is success, and the body is never read. */
export async function attemptPostback(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    // Frees the connection; a partner's body says nothing the status does not.
    await res.body?.cancel().catch(() => undefined);
    return res.ok ? { ok: true } : { ok: false, error: `HTTP ${res.status}` };
  } catch (err) {
    return { ok: false, error: describeFailure(err) };
  }
}
