import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCountdown } from '../../src/app/toasts/countdown';
import ToastStack from '../../src/app/toasts/ToastStack';
import {
  dismissToast,
  getToasts,
  showToast,
  toast,
  TOAST_DELAY_MS,
} from '../../src/app/toasts/toast-store';
import { setupI18n } from './helpers/i18n';

beforeAll(() => setupI18n());
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  getToasts().forEach((t) => dismissToast(t.id));
  vi.useRealTimers();
});

describe('countdown', () => {
  it('fires after its duration', () => {
    const done = vi.fn();
    createCountdown(5000, done);
    vi.advanceTimersByTime(4999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('stops while paused and continues with the time that was left', () => {
    const done = vi.fn();
    const c = createCountdown(5000, done);
    vi.advanceTimersByTime(2000);
    c.pause();
    expect(c.isPaused()).toBe(true);
    expect(c.remaining()).toBe(3000);
    vi.advanceTimersByTime(60_000);
    expect(done).not.toHaveBeenCalled();
    c.resume();
    vi.advanceTimersByTime(2999);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('never fires once cancelled', () => {
    const done = vi.fn();
    const c = createCountdown(1000, done);
    c.cancel();
    c.resume();
    vi.advanceTimersByTime(5000);
    expect(done).not.toHaveBeenCalled();
  });
});

describe('toast store', () => {
  it('defaults to 5000 ms and the info variant', () => {
    const id = showToast({ body: 'Saved' });
    expect(getToasts()).toEqual([
      { id, body: 'Saved', title: null, variant: 'info', delay: TOAST_DELAY_MS },
    ]);
    expect(TOAST_DELAY_MS).toBe(5000);
    toast.error('Cannot start chat', 'Error');
    expect(getToasts()[1]).toMatchObject({ variant: 'danger', title: 'Error' });
  });
});

describe('toast stack', () => {
  it('hides a toast after 5 s, but not while the pointer rests on it', async () => {
    render(<ToastStack />);
    act(() => void showToast({ body: 'First message' }));
    const item = screen.getByText('First message').closest('.toast');
    expect(item).not.toBeNull();
    expect(item?.parentElement?.className).toContain('top-0 end-0');

    fireEvent.mouseEnter(item as Element);
    await act(async () => void vi.advanceTimersByTime(8000));
    expect(getToasts()).toHaveLength(1);
    const bar = item?.querySelector<HTMLElement>('.app-toast-countdown');
    expect(bar?.style.animationPlayState).toBe('paused');

    fireEvent.mouseLeave(item as Element);
    expect(bar?.style.animationPlayState).toBe('running');
    await act(async () => void vi.advanceTimersByTime(4000));
    expect(getToasts()).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(1000)); // clock runs out: fade starts
    await act(async () => void vi.advanceTimersByTime(1000)); // fade done: removed
    expect(getToasts()).toHaveLength(0);
  });
});
