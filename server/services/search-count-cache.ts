/**
 * Search totals, kept a minute per filter and viewer. Counting walks every matching index entry
 * (the one part of a search that grows with the members table), while a member scrolling through
 * pages asks the same total again and again; a total a minute old is fine for "N members found".
 */
import type { SearchFilter } from '../repositories/search.repository';

/** How long a total is reused. */
export const COUNT_TTL_MS = 60_000;
/** Totals kept at most; the oldest go first. */
export const COUNT_CACHE_ENTRIES = 5_000;

/** The filter without its page: every page of one search shares the total. */
function keyOf(f: SearchFilter): string {
  return [
    f.gender,
    f.country,
    f.countryregion,
    f.bornOnOrBefore,
    f.bornAfter,
    f.viewerId,
    f.today,
  ].join('|');
}

/** A small time-limited cache of search totals; `now` is injectable for tests. */
export class SearchCountCache {
  private readonly entries = new Map<string, { total: number; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = COUNT_TTL_MS,
    private readonly maxEntries = COUNT_CACHE_ENTRIES,
  ) {}

  /** The cached total of `f`, or `count()`'s answer, which is then kept. */
  async total(f: SearchFilter, count: () => Promise<number>): Promise<number> {
    const key = keyOf(f);
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && now - hit.at < this.ttlMs) return hit.total;
    const total = await count();
    this.entries.delete(key); // re-insert at the end: Map order is the eviction order
    this.entries.set(key, { total, at: now });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return total;
  }

  /**
   * Forgets every total. An account deletion calls it: a minute-old total that still counts the
   * deleted member would make the client wait for a profile no page will ever return. Other server
   * instances keep their totals until they expire.
   */
  clear(): void {
    this.entries.clear();
  }
}
