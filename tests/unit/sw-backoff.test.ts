// @vitest-environment node
/** Retry timing of the action queue: exponential backoff with jitter, capped, and Retry-After. */
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  MAX_DELAY_MS,
  MAX_RETRY_AFTER_MS,
  nextAttemptAt,
  retryAfterMs,
} from '../../sw/queue/backoff';
import { classify } from '../../sw/queue/classify';

describe('backoff', () => {
  it('starts at one second and doubles per attempt up to five minutes', () => {
    const full = () => 1;
    const schedule = [1, 2, 3, 4, 5, 8, 9, 10, 30].map((n) => backoffDelay(n, full));
    expect(schedule).toEqual([1000, 2000, 4000, 8000, 16_000, 128_000, 256_000, 300_000, 300_000]);
    expect(MAX_DELAY_MS).toBe(300_000);
  });

  it('jitters between half and all of the step', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(40, () => 0)).toBe(150_000);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(4);
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('waits for the longer of backoff and Retry-After', () => {
    expect(nextAttemptAt(1, '60', 0, () => 1)).toBe(60_000);
    expect(nextAttemptAt(6, '1', 0, () => 1)).toBe(32_000);
  });
});

describe('classify', () => {
  it('delivers on 2xx, retries 429 and 5xx, fails any other final answer', () => {
    expect([200, 201, 204].map(classify)).toEqual(['delivered', 'delivered', 'delivered']);
    expect([429, 500, 502, 503].map(classify)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect([400, 401, 403, 404, 409, 422].map(classify)).toEqual(Array(6).fill('failed'));
  });
});
