/** Step 6 (SPEC §4 "Activation mail step"): 900 ms ticks, texts at 4/7/10, done by tick 20. */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { ActivationStep } from '../../src/features/signup/ActivationStep';
import type { SignupWizard } from '../../src/features/signup/use-signup-wizard';
import { setupI18n } from './helpers/i18n';

const status = vi.hoisted(() => vi.fn<() => Promise<{ delivered: boolean }>>());
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => ({ activationStatus: status }),
}));

function wizard(next: () => Promise<void>): SignupWizard {
  return {
    status: 'ready',
    step: 6,
    moved: false,
    user: null,
    settings: null,
    draft: null,
    ctx: {
      pushStep: true,
      pushCapable: false,
      push: 'unsubscribed',
      autoSkip: true,
      profile: null,
    },
    busy: false,
    queued: false,
    run: async (action) => {
      await action();
      return true;
    },
    createAccount: async () => undefined,
    save: async () => ({ kind: 'sent' }),
    next,
    goTo: async () => undefined,
    keepAccountFields: () => undefined,
  };
}

/** Moves the clock by `ticks` polls and lets the answers settle. */
async function ticks(count: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(900 * count);
  });
}

const text = () => screen.getByRole('status').textContent;
const percent = () =>
  Number(
    screen
      .getByRole('progressbar', { name: 'Sending your activation email' })
      .getAttribute('aria-valuenow'),
  );

beforeAll(() => setupI18n());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  status.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('activation mail step', () => {
  it('changes its text at ticks 4, 7 and 10 and moves on at tick 20', async () => {
    status.mockResolvedValue({ delivered: false });
    const next = vi.fn(async () => undefined);
    render(<ActivationStep wizard={wizard(next)} />);
    expect(text()).toBe('We are setting up your profile…');
    await ticks(3);
    expect(text()).toBe('We are setting up your profile…');
    await ticks(1);
    expect(text()).toBe('We are sending you an email to confirm your address…');
    await ticks(3);
    expect(text()).toBe('Your email is on its way…');
    await ticks(3);
    expect(text()).toBe('Almost done…');
    expect(percent()).toBe(50);
    await ticks(9);
    expect(next).not.toHaveBeenCalled();
    await ticks(1);
    expect(next).toHaveBeenCalledTimes(1);
    expect(status).toHaveBeenCalledTimes(19); // one request per tick until the last
    await ticks(5);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('moves on as soon as the server reports delivery', async () => {
    status.mockResolvedValueOnce({ delivered: false }).mockResolvedValue({ delivered: true });
    const next = vi.fn(async () => undefined);
    render(<ActivationStep wizard={wizard(next)} />);
    await ticks(1);
    expect(next).not.toHaveBeenCalled();
    await ticks(1);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('does not hang offline: failed polls count as ticks', async () => {
    status.mockRejectedValue({ kind: 'network', message: 'offline' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const next = vi.fn(async () => undefined);
    render(<ActivationStep wizard={wizard(next)} />);
    await ticks(20);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('keeps counting while an answer is slow, without piling up requests', async () => {
    status.mockReturnValue(new Promise(() => undefined));
    const next = vi.fn(async () => undefined);
    render(<ActivationStep wizard={wizard(next)} />);
    await ticks(20);
    expect(status).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
