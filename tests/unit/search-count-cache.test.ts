import { describe, expect, it, vi } from 'vitest';
import type { SearchFilter } from '../../server/repositories/search.repository';
import { COUNT_TTL_MS, SearchCountCache } from '../../server/services/search-count-cache';

const filter = (overrides: Partial<SearchFilter> = {}): SearchFilter => ({
  gender: 'female',
  country: 'NL',
  countryregion: null,
  bornOnOrBefore: '2000-11-22',
  bornAfter: '1990-11-22',
  viewerId: 7,
  limit: 12,
  offset: 0,
  today: '2026-11-22',
  ...overrides,
});

describe('search totals', () => {
  it('counts once for every page of a search within a minute, then again', async () => {
    let now = 0;
    const cache = new SearchCountCache(() => now);
    const count = vi.fn(async () => 40);
    expect(await cache.total(filter(), count)).toBe(40);
    expect(await cache.total(filter({ offset: 12 }), count)).toBe(40);
    expect(await cache.total(filter({ offset: 48, limit: 12 }), count)).toBe(40);
    expect(count).toHaveBeenCalledTimes(1);
    now = COUNT_TTL_MS;
    count.mockResolvedValue(41);
    expect(await cache.total(filter({ offset: 24 }), count)).toBe(41);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('counts separately per filter, per member and per day', async () => {
    const cache = new SearchCountCache(() => 0);
    const count = vi.fn(async () => 1);
    for (const f of [
      filter(),
      filter({ gender: 'male' }),
      filter({ country: 'BE' }),
      filter({ countryregion: 3 }),
      filter({ bornAfter: '1985-11-22' }),
      filter({ viewerId: 8 }),
      filter({ viewerId: null }),
      filter({ today: '2026-11-23' }),
    ]) {
      await cache.total(f, count);
    }
    expect(count).toHaveBeenCalledTimes(8);
  });

  it('keeps at most its limit, dropping the oldest', async () => {
    const cache = new SearchCountCache(() => 0, COUNT_TTL_MS, 2);
    const count = vi.fn(async () => 1);
    await cache.total(filter({ viewerId: 1 }), count);
    await cache.total(filter({ viewerId: 2 }), count);
    await cache.total(filter({ viewerId: 3 }), count);
    await cache.total(filter({ viewerId: 3 }), count);
    await cache.total(filter({ viewerId: 2 }), count);
    expect(count).toHaveBeenCalledTimes(3);
    await cache.total(filter({ viewerId: 1 }), count);
    expect(count).toHaveBeenCalledTimes(4);
  });
});
