/**
 * The tracking query of SPEC §3 (`network`, `ref`, `sub1`–`sub3` and their aliases) and the
 * sign-up's `trafficsource` string made from it. Pure, so the page, the tests and the server agree.
 *
 * Aliases, first match wins: sub1 ← `sub1`, `sub`, `aff_sub`, `aff_sub1`; sub2 ← `sub2`,
 * `aff_sub2`; sub3 ← `sub3`, `aff_sub3`. The source is `network` alone, or `network` followed by
 * `?` and the other values as a query (`abc?ref=r&sub1=x`); no `network`, no source (SPEC §6:
 * with_trafficsource sign-ups need a network).
 */

/** The tracking values of one address, aliases resolved; empty values are left out. */
export interface Tracking {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
}

/** Each canonical name and the query names it is read from, in order of preference. */
const NAMES: ReadonlyArray<readonly [keyof Tracking, readonly string[]]> = [
  ['network', ['network']],
  ['ref', ['ref']],
  ['sub1', ['sub1', 'sub', 'aff_sub', 'aff_sub1']],
  ['sub2', ['sub2', 'aff_sub2']],
  ['sub3', ['sub3', 'aff_sub3']],
];

/** Every query name that carries tracking, aliases included. */
export const TRACKING_PARAMS: readonly string[] = NAMES.flatMap(([, names]) => names);

/** Longest `trafficsource` the sign-up takes (the contract's max). */
export const TRAFFIC_SOURCE_MAX = 100;

/** The tracking values of a query string, aliases resolved. */
export function readTracking(params: URLSearchParams): Tracking {
  const tracking: Tracking = {};
  for (const [key, names] of NAMES) {
    for (const name of names) {
      const value = params.get(name)?.trim();
      if (value) {
        tracking[key] = value;
        break;
      }
    }
  }
  return tracking;
}

/** The canonical query of the tracking values (`network=abc&sub1=x`), to hand on to a link. */
export function trackingQuery(tracking: Tracking): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key] of NAMES) {
    const value = tracking[key];
    if (value) query.set(key, value);
  }
  return query;
}

/** The sign-up's `trafficsource` (at most TRAFFIC_SOURCE_MAX characters), or null without a network. */
export function toTrafficSource(tracking: Tracking): string | null {
  if (!tracking.network) return null;
  const chars = Array.from(tracking.network); // whole code points: never half an emoji
  while (encodeURIComponent(chars.join('')).length > TRAFFIC_SOURCE_MAX) chars.pop();
  const head = encodeURIComponent(chars.join(''));
  const extras = trackingQuery({ ...tracking, network: undefined });
  // Drop the last extras until it fits: the network (what sign-ups depend on) always stays.
  const keys = [...extras.keys()];
  while (keys.length > 0) {
    const source = `${head}?${extras.toString()}`;
    if (source.length <= TRAFFIC_SOURCE_MAX) return source;
    extras.delete(keys.pop() ?? '');
  }
  return head;
}

/** The tracking values a `trafficsource` string was made from (the inverse of toTrafficSource). */
export function parseTrafficSource(source: string): Tracking {
  const at = source.indexOf('?');
  const head = at < 0 ? source : source.slice(0, at);
  const tracking: Tracking = at < 0 ? {} : readTracking(new URLSearchParams(source.slice(at + 1)));
  delete tracking.network;
  let network = head;
  try {
    network = decodeURIComponent(head);
  } catch {
    // a source written by hand, not by toTrafficSource: taken as it is
  }
  if (network.trim()) tracking.network = network.trim();
  return tracking;
}

/** The `trafficsource` of a query string: readTracking then toTrafficSource. */
export function trafficSourceOf(params: URLSearchParams): string | null {
  return toTrafficSource(readTracking(params));
}
