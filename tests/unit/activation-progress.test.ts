import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_POLL_MS,
  ACTIVATION_TEXT_TICKS,
  ACTIVATION_TIMEOUT_TICKS,
  activationDone,
  activationPercent,
  activationTextIndex,
} from '../../src/features/signup/activation-progress';

describe('activation progress', () => {
  it('uses the SPEC §9 constants', () => {
    expect(ACTIVATION_POLL_MS).toBe(900);
    expect(ACTIVATION_TIMEOUT_TICKS).toBe(20);
    expect(ACTIVATION_TEXT_TICKS).toEqual([4, 7, 10]);
  });

  it('changes the text at ticks 4, 7 and 10', () => {
    const indexes = Array.from({ length: 13 }, (_, tick) => activationTextIndex(tick));
    expect(indexes).toEqual([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(activationTextIndex(100)).toBe(3);
    expect(activationTextIndex(-1)).toBe(0);
  });

  it('completes on delivery or at the timeout', () => {
    expect(activationDone(0, false)).toBe(false);
    expect(activationDone(19, false)).toBe(false);
    expect(activationDone(20, false)).toBe(true);
    expect(activationDone(21, false)).toBe(true);
    expect(activationDone(0, true)).toBe(true);
    expect(activationDone(3, true)).toBe(true);
  });

  it('fills the bar with the ticks, holds at 95 and shows 100 when done', () => {
    expect(activationPercent(0, false)).toBe(0);
    expect(activationPercent(1, false)).toBe(5);
    expect(activationPercent(10, false)).toBe(50);
    expect(activationPercent(19, false)).toBe(95);
    expect(activationPercent(20, false)).toBe(100);
    expect(activationPercent(2, true)).toBe(100);
  });

  it('shows an empty bar for a counter that has not started', () => {
    expect(activationPercent(-3, false)).toBe(0);
    expect(activationPercent(NaN, false)).toBe(0);
  });

  it('never lowers the text or the bar as the ticks go up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.boolean(), (tick, delivered) => {
        expect(activationTextIndex(tick + 1)).toBeGreaterThanOrEqual(activationTextIndex(tick));
        expect(activationPercent(tick + 1, delivered)).toBeGreaterThanOrEqual(
          activationPercent(tick, delivered),
        );
        const percent = activationPercent(tick, delivered);
        expect(percent === 100).toBe(activationDone(tick, delivered));
      }),
    );
  });
});
