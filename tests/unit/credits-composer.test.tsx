/** Out of credits in a conversation: the panel above the composer with the packages in place. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SwBridge from '../../src/bridges/sw-bridge';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { freshDbForNextTest } from './helpers/db-per-test';
import { chat } from './helpers/fake-backend';
import { installPayments } from './helpers/fake-payments';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';
import { createHarness } from './helpers/sync-harness';

vi.mock('../../src/db/db', async (importOriginal) =>
  (await import('./helpers/db-per-test')).dbModulePerTest(importOriginal),
);

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));
vi.mock('../../src/bridges/sw-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof SwBridge>()),
  closeNotifications: () => undefined,
}));

let current: Harness | undefined;

async function start(credits: number) {
  const h = createHarness({ db: getDb() });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser({ credits });
  h.backend.chats = [chat(1, 0)];
  await h.api.refreshUser();
  await h.api.refreshChats();
  h.backend.override('GET /api/chat.php', { body: { conversation: 1, msg: [] } });
  installPayments(h.backend);
  return h;
}

const size = (value: number) => ({ configurable: true, get: () => value });
beforeAll(async () => {
  await setupI18n();
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', size(600));
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', size(390));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(600));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(390));
});
beforeEach(freshDbForNextTest);
afterEach(() => {
  cleanup();
  current?.sync.stop();
});

describe('composer out of credits', () => {
  it('says what a message costs and offers the packages, each coming back to the chat', async () => {
    await start(0);
    await renderApp('/chats/1', { user: demoUser({ credits: 0 }) });
    const packages = await screen.findByRole('list', { name: 'Credit packages' });
    expect(screen.getByText('A message costs 1 credit. You have 0.')).toBeTruthy();
    const links = within(packages).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '10 credits€9.99',
      '25 credits€22.49',
      '50 credits€39.99Most chosen',
      '100 credits€69.99',
    ]);
    expect(links[2]?.getAttribute('href')).toBe('/credits/3/card?return=%2Fchats%2F1');
    expect(
      screen.getByRole('link', { name: 'All packages and payment methods' }).getAttribute('href'),
    ).toBe('/credits?return=%2Fchats%2F1');
    // The composer stays usable: a message written now is kept and sent after the purchase.
    expect(screen.getByRole('textbox', { name: 'Message to Member 501' })).toBeTruthy();
  });

  it('appears when a send is refused for credits, keeps the message and says so', async () => {
    const h = await start(4);
    h.backend.override('POST /api/chat.php', {
      status: 402,
      body: {
        statusCode: 402,
        error: 'Payment Required',
        message: 'Sending a message costs 1 credit; buy credits to continue',
        key: 'chat.no_credits',
      },
    });
    await renderApp('/chats/1', { user: demoUser({ credits: 4 }) });
    const box = await screen.findByRole('textbox', { name: 'Message to Member 501' });
    expect(screen.queryByRole('list', { name: 'Credit packages' })).toBeNull();
    fireEvent.change(box, { target: { value: 'Hello!' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(
      await screen.findByText(
        'Your message is kept and sent automatically once your purchase is paid.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Hello!')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Credit packages' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Credit packages' })).toBeNull());
  });

  it('stays away while the member can pay for messages', async () => {
    const h = await start(10);
    await h.api.loadCreditsOffer();
    await renderApp('/chats/1', { user: demoUser({ credits: 10 }) });
    await screen.findByRole('textbox', { name: 'Message to Member 501' });
    expect(screen.queryByText(/A message costs/)).toBeNull();
  });
});
