/**
 * The webcam feed behind GET /api/xcams/search.php: a partner feed when one is configured, else the
 * demo performers in demo-feed.json, so sponsored results work offline and out of the box.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CamEntry, type CamsQuery } from '../../src/shared/contract/members';
import type { XcamsConfig } from '../config';
// Bundled with the server build; validated before use.
import demoFeed from './demo-feed.json';

/** At most this many entries per answer: two per block of twelve covers 25 result pages. */
export const MAX_CAMS = 50;
/** Partner accounts remembered for the redirect and snapshot routes. */
const KNOWN_LIMIT = 2000;
/** An unknown account refreshes the partner list at most this often, so guesses cost no fetches. */
const REFRESH_MS = 30_000;

/** What the routes ask of a feed. */
export interface CamFeed {
  /** True when the entries come from the local demo file. */
  readonly demo: boolean;
  /** Entries matching the filters, in feed order; [] when the partner fails (logged). */
  search(query: CamsQuery): Promise<CamEntry[]>;
  /** An account seen in the feed, or undefined. */
  find(account: string): Promise<CamEntry | undefined>;
}

/** The local demo performers, validated once. */
export function loadDemoFeed(): CamEntry[] {
  return z.array(CamEntry).parse(demoFeed);
}

/** Partners answer either the SPEC's `{cams: {key: entry}}` or a plain array of entries. */
const PartnerFeed = z.union([
  z.object({ cams: z.record(z.string(), z.unknown()) }).transform((f) => Object.values(f.cams)),
  z.array(z.unknown()),
]);

/** Keeps the valid entries of a partner answer, once per account; a bad entry drops only itself. */
export function parsePartnerFeed(data: unknown): CamEntry[] {
  const parsed = PartnerFeed.safeParse(data);
  if (!parsed.success) return [];
  const seen = new Set<string>();
  const entries: CamEntry[] = [];
  for (const item of parsed.data) {
    const entry = CamEntry.safeParse(item);
    if (!entry.success || seen.has(entry.data.account)) continue;
    seen.add(entry.data.account);
    entries.push(entry.data);
  }
  return entries;
}

/** Checks an entry against the filters; an entry that does not say its gender or age passes. */
export function matchesQuery(entry: CamEntry, q: CamsQuery): boolean {
  if (q.gender && entry.gender && entry.gender !== q.gender) return false;
  if (entry.age !== undefined) {
    if (q.min_age !== undefined && entry.age < q.min_age) return false;
    if (q.max_age !== undefined && entry.age > q.max_age) return false;
  }
  return true;
}

/** Fills `{name}` placeholders with URL-encoded values; unknown placeholders become empty. */
export function fillTemplate(
  template: string,
  values: Record<string, string | number | undefined>,
) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeURIComponent(String(values[key] ?? '')),
  );
}

async function fetchPartner(
  url: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<CamEntry[]> {
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      log.warn({ status: res.status }, 'xcams: partner feed answered an error; no webcams shown');
      return [];
    }
    return parsePartnerFeed(await res.json());
  } catch (err) {
    log.warn({ err }, 'xcams: partner feed failed or timed out; no webcams shown');
    return [];
  }
}

/** Builds the feed for a config: the partner's when `feedUrl` is set, else the demo file. */
export function createCamFeed(config: XcamsConfig, log: FastifyBaseLogger): CamFeed {
  const { feedUrl } = config;
  if (!feedUrl) {
    const demo = loadDemoFeed();
    const byAccount = new Map(demo.map((entry) => [entry.account, entry]));
    return {
      demo: true,
      search: async (q) => demo.filter((entry) => matchesQuery(entry, q)).slice(0, MAX_CAMS),
      find: async (account) => byAccount.get(account),
    };
  }
  const known = new Map<string, CamEntry>();
  let refreshedAt = -Infinity;
  const remember = (entries: CamEntry[]) => {
    for (const entry of entries) {
      known.delete(entry.account);
      known.set(entry.account, entry);
    }
    // Maps iterate in insertion order, so the first keys are the least recently seen.
    for (const account of known.keys()) {
      if (known.size <= KNOWN_LIMIT) break;
      known.delete(account);
    }
  };
  const search = async (q: CamsQuery) => {
    const url = fillTemplate(feedUrl, { gender: q.gender, min_age: q.min_age, max_age: q.max_age });
    const entries = (await fetchPartner(url, config.feedTimeoutMs, log)).filter((entry) =>
      matchesQuery(entry, q),
    );
    remember(entries);
    return entries.slice(0, MAX_CAMS);
  };
  return {
    demo: false,
    search,
    find: async (account) => {
      if (!known.has(account) && Date.now() - refreshedAt > REFRESH_MS) {
        refreshedAt = Date.now();
        await search({});
      }
      return known.get(account);
    },
  };
}
