/**
 * A cap on the distinct values a day's page views may bring in the dimensions visitors choose:
 * network and sub-ids come straight from a lander address's query, so anyone can make up new ones
 * with every request. Past VALUES_PER_DAY distinct values of one dimension in a UTC day (on this
 * instance), a new value is counted as STATS_OTHER_VALUE: the figures still add up, the raw rows,
 * daily cells and the console's filter lists stay bounded, and real partners, who use a few
 * networks and at most hundreds of sub-ids a day, are not touched.
 */
import { STATS_OTHER_VALUE } from '../../src/shared/contract/stats';
import type { StatsDimensions } from '../lib/stats-dimensions';

/** Distinct values of one visitor-chosen dimension counted per UTC day, before "other". */
export const VALUES_PER_DAY = 1000;

/** The dimensions whose values arrive in a visitor's address. */
const OPEN_DIMENSIONS = ['network', 'sub1', 'sub2', 'sub3'] as const;

/** The values seen today per open dimension; a new day starts empty. */
export class ViewVocabulary {
  private day = '';
  private seen = new Map<(typeof OPEN_DIMENSIONS)[number], Set<string>>();

  constructor(private readonly limit = VALUES_PER_DAY) {}

  /** `dimensions` with each open value past the day's limit replaced by STATS_OTHER_VALUE. */
  admit(day: string, dimensions: StatsDimensions): StatsDimensions {
    if (day !== this.day) {
      this.day = day;
      this.seen = new Map(OPEN_DIMENSIONS.map((d) => [d, new Set<string>()]));
    }
    let admitted = dimensions;
    for (const dimension of OPEN_DIMENSIONS) {
      const value = dimensions[dimension];
      const values = this.seen.get(dimension)!;
      if (value === '' || values.has(value)) continue;
      if (values.size < this.limit) {
        values.add(value);
        continue;
      }
      admitted = { ...admitted, [dimension]: STATS_OTHER_VALUE };
    }
    return admitted;
  }
}
