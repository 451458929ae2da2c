/** What screens ask to have built before the app takes over a drawn page, and when it runs. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  prepareForTakeOver,
  runTakeOverPreparations,
} from '../../src/prerender/take-over-preparations';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('take-over preparations', () => {
  it('runs each registered preparation once, in order, with the page language', async () => {
    const calls: string[] = [];
    prepareForTakeOver((lng) => calls.push(`collator ${lng}`));
    prepareForTakeOver((lng) => calls.push(`clock ${lng}`));

    await runTakeOverPreparations('nl');
    await runTakeOverPreparations('de');

    expect(calls).toEqual(['collator nl', 'clock nl']);
  });

  it('gives each preparation a task of its own, so none lengthens the one before', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    prepareForTakeOver(() => calls.push('first'));
    prepareForTakeOver(() => calls.push('second'));

    // Fires the one pending timer, then lets the awaiting code run up to its next timer.
    const nextTaskRuns = async () => {
      vi.advanceTimersToNextTimer();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    const done = runTakeOverPreparations('en');
    expect(calls).toEqual([]);
    await nextTaskRuns();
    expect(calls).toEqual(['first']);
    await nextTaskRuns();
    expect(calls).toEqual(['first', 'second']);
    await nextTaskRuns();
    await done;
  });

  it('goes on after a preparation that throws: the render builds that object itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls: string[] = [];
    prepareForTakeOver(() => {
      throw new RangeError('Incorrect locale information provided');
    });
    prepareForTakeOver((lng) => calls.push(lng));

    await expect(runTakeOverPreparations('fr')).resolves.toBeUndefined();

    expect(calls).toEqual(['fr']);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
