/**
 * TRUST_PROXY: which hops in front of the server may tell it the client's address (X-Forwarded-For),
 * scheme and host. "Every hop" is never an answer: the left-most X-Forwarded-For entry is written by
 * the client, so trusting all of them lets anyone choose their address and slip past rate limits.
 */
import { isIP } from 'node:net';

/** What Fastify's `trustProxy` gets: off, a hop count, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, which Fastify's trustProxy understands. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The most proxies a request can plausibly pass; more is a typo. */
const MAX_HOPS = 10;

const HOW =
  'set TRUST_PROXY to the number of proxies in front of the server (1 for one Caddy or nginx) ' +
  'or to their addresses (127.0.0.1, 10.0.0.0/8, loopback); leave it unset when clients connect directly';

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; throws an Error whose message says what to set. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      `TRUST_PROXY=true would trust every hop, so any client could choose its own address; ${HOW}`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS)
      throw new Error(`TRUST_PROXY=${value} is more hops than any setup has; ${HOW}`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY has ${bad.map((b) => `"${b}"`).join(', ')}, not an address; ${HOW}`,
    );
  }
  return entries;
}

/**
 * Fastify's form of the setting. A hop count becomes a function, as Fastify itself refuses bare
 * numbers: hops cannot tell a proxy from a client that reaches the port directly, which is why
 * the start-up report warns when a hop count meets a server listening on a public interface.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

/** TRUST_PROXY as an operator would write it, for the start-up report. */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return 'none (clients connect directly)';
  if (typeof trust === 'number') return `${trust} hop${trust === 1 ? '' : 's'}`;
  return trust.join(', ');
}
