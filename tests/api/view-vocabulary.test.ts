/** The daily cap on made-up network and sub-id values of counted page views. */
import { describe, expect, it } from 'vitest';
import { STATS_OTHER_VALUE } from '../../src/shared/contract/stats';
import { dimensionsOf } from '../../server/lib/stats-dimensions';
import { ViewCounter } from '../../server/services/view-counter';
import { VALUES_PER_DAY, ViewVocabulary } from '../../server/services/view-vocabulary';
import type { ViewBatch } from '../../server/repositories/stats-events.repository';

const view = (network: string, sub1 = '') =>
  dimensionsOf({ design: 'gallery', slug: 'eng', language: 'en', tracking: { network, sub1 } });

describe('view vocabulary', () => {
  it('keeps a thousand values of a dimension a day and counts the rest as other', () => {
    expect(VALUES_PER_DAY).toBe(1000);
    const vocabulary = new ViewVocabulary(3);
    const day = '2026-12-06';
    const networks = ['a', 'b', 'c', 'd', 'a', 'e', ''].map(
      (n) => vocabulary.admit(day, view(n)).network,
    );
    expect(networks).toEqual(['a', 'b', 'c', STATS_OTHER_VALUE, 'a', STATS_OTHER_VALUE, '']);
    // Each dimension has its own limit; the design, slug and language are never replaced.
    expect(vocabulary.admit(day, view('z', 's1'))).toMatchObject({
      design: 'gallery',
      slug: 'eng',
      network: STATS_OTHER_VALUE,
      sub1: 's1',
    });
    // A new day starts with none.
    expect(vocabulary.admit('2026-12-07', view('d')).network).toBe('d');
  });

  it('adds the views past the limit up in one batch, so every view still counts', async () => {
    const written: ViewBatch[] = [];
    const counter = new ViewCounter(
      (batches) => {
        written.push(...batches);
        return Promise.resolve();
      },
      () => undefined,
      new ViewVocabulary(2),
    );
    const now = Date.parse('2026-12-06T10:00:00Z');
    for (const network of ['a', 'b', 'x1', 'x2', 'x3', 'a'])
      counter.count('lander_view', view(network), now);
    await counter.flush();
    expect(written.map((b) => [b.dimensions.network, b.count])).toEqual([
      ['a', 2],
      ['b', 1],
      [STATS_OTHER_VALUE, 3],
    ]);
  });
});
