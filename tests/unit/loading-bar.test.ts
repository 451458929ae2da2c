import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREEP_MAX, createLoadingBar, LOADING_BAR } from '../../src/app/loading-bar/loading-bar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('uses the SPEC §9 timings', () => {
    expect(LOADING_BAR).toEqual({
      throttle: 200,
      duration: 2000,
      hideDelay: 500,
      resetDelay: 400,
      height: 3,
    });
  });

  it('stays hidden for loads shorter than the 200 ms throttle', () => {
    const bar = createLoadingBar();
    const changes = vi.fn();
    bar.subscribe(changes);
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(2000);
    expect(bar.getState()).toEqual({ visible: false, progress: 0, error: false });
    expect(changes).not.toHaveBeenCalled();
  });

  it('appears after the throttle and creeps towards 90 % over the duration', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(800); // 1000 ms after start
    expect(bar.getState().progress).toBeCloseTo(CREEP_MAX / 2, 0);
    vi.advanceTimersByTime(5000);
    expect(bar.getState().progress).toBe(CREEP_MAX);
  });

  it('fills on finish, hides after 500 ms and resets 400 ms later', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(600);
    bar.finish();
    expect(bar.getState()).toMatchObject({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toMatchObject({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(bar.getState().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: false, progress: 0, error: false });
  });

  it('turns to the error colour on failure, then hides', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.fail();
    expect(bar.getState()).toEqual({ visible: true, progress: 100, error: true });
    vi.advanceTimersByTime(500);
    expect(bar.getState()).toMatchObject({ visible: false, error: true });
    vi.advanceTimersByTime(400);
    expect(bar.getState().error).toBe(false);
  });

  it('ignores a second start while running and a finish when idle', () => {
    const bar = createLoadingBar();
    bar.finish();
    bar.start();
    vi.advanceTimersByTime(1200);
    const progress = bar.getState().progress;
    bar.start();
    expect(bar.getState().progress).toBe(progress);
  });
});
