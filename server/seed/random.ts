/**
 * The one random source of the seed: faker's seeded Mersenne Twister, so the same seed always
 * yields the same members, whatever the batch size or database engine.
 */
import { generateMersenne53Randomizer, type Randomizer } from '@faker-js/faker';

/** A seeded pseudo-random number generator with the few draws the seed needs. */
export class Rng {
  private readonly randomizer: Randomizer;

  constructor(seed: number) {
    this.randomizer = generateMersenne53Randomizer();
    this.randomizer.seed(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.randomizer.next();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick needs a non-empty list');
    return item;
  }

  /** A normally distributed number (Box–Muller). */
  normal(mean: number, sd: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** Picks from a fixed list by weight in O(log n), for lists drawn from a million times. */
export function weightedPicker<T>(
  items: readonly T[],
  weightOf: (item: T) => number,
): (rng: Rng) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += weightOf(item);
    cumulative.push(total);
  }
  if (items.length === 0 || total <= 0) throw new Error('weightedPicker needs positive weights');
  return (rng) => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}
