/** The refresh banner and the install card, driven by the bridges' stores. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InstallPrompt } from '../../src/app/install/InstallPrompt';
import { UpdateBanner } from '../../src/app/update/UpdateBanner';
import {
  createInstallPrompt,
  type BeforeInstallPromptEvent,
} from '../../src/bridges/install-prompt';
import { createSwBridge, type WorkboxLike } from '../../src/bridges/sw-bridge';
import { setupI18n } from './helpers/i18n';

beforeAll(() => setupI18n());
afterEach(cleanup);

function bridgeWithWaitingWorker() {
  let waiting: () => void = () => undefined;
  const workbox: WorkboxLike = {
    register: async () =>
      ({ active: { postMessage: vi.fn() }, waiting: {} }) as unknown as ServiceWorkerRegistration,
    addEventListener: (type, listener) => {
      if (type === 'waiting') waiting = listener;
    },
    messageSkipWaiting: vi.fn(),
    update: async () => undefined,
  };
  const bridge = createSwBridge({
    container: Object.assign(new EventTarget(), { controller: null }),
    createWorkbox: async () => workbox,
    enabled: true,
    events: new EventTarget(),
    reload: vi.fn(),
    storage: null,
    now: () => 0,
  });
  return { bridge, workbox, announceWaiting: () => waiting() };
}

describe('UpdateBanner', () => {
  it('appears when a new version waits and hands over to it on Refresh', async () => {
    const { bridge, workbox, announceWaiting } = bridgeWithWaitingWorker();
    await bridge.start();
    render(<UpdateBanner bridge={bridge} />);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();

    act(() => announceWaiting());
    expect(screen.getByRole('status').textContent).toContain('A new version of Amora is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toHaveProperty('disabled', true);
  });

  it('hides for now on Later', async () => {
    const { bridge, announceWaiting } = bridgeWithWaitingWorker();
    await bridge.start();
    render(<UpdateBanner bridge={bridge} />);
    act(() => announceWaiting());
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});

describe('InstallPrompt', () => {
  it('offers installation while the browser allows it and disappears once used', async () => {
    const target = new EventTarget();
    const offer = createInstallPrompt(target);
    render(<InstallPrompt offer={offer} />);
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();

    const event = new Event('beforeinstallprompt', {
      cancelable: true,
    }) as BeforeInstallPromptEvent;
    const prompt = vi.fn(async () => undefined);
    Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    act(() => void target.dispatchEvent(event));
    expect(screen.getByText('Install Amora')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });
});
