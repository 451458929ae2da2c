/** The chat screens over the real route table, with the sync worker on a fake backend. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SwBridge from '../../src/bridges/sw-bridge';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { createHarness } from './helpers/sync-harness';
import { chat } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';
import { withFullDisk } from './helpers/full-disk';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

type Harness = ReturnType<typeof createHarness>;
const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const closed = vi.hoisted(() => vi.fn<(tag: string) => void>());
vi.mock('../../src/bridges/sw-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof SwBridge>()),
  closeNotifications: closed,
}));

let current: Harness | undefined;

async function start(options: { lane?: boolean } = {}): Promise<Harness> {
  const h = createHarness({ db: getDb(), ...options });
  current = h;
  worker.current = h.api;
  h.backend.user = demoUser();
  h.backend.chats = [chat(1, 2, '2026-01-02T00:00:00Z'), chat(2, 0, '2026-01-01T00:00:00Z')];
  await h.api.refreshUser();
  return h;
}

// happy-dom lays nothing out: give the message pane a size so the virtualizer draws rows.
const size = (value: number) => ({ configurable: true, get: () => value });
beforeAll(async () => {
  await setupI18n();
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', size(600));
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', size(390));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(600));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(390));
});
beforeEach(async () => {
  const db = getDb();
  await Promise.all(db.tables.map((table) => table.clear()));
});
afterEach(() => {
  cleanup();
  current?.sync.stop();
});

describe('chat list', () => {
  it('lists conversations newest first with unread counts, and alerts on a failed delete', async () => {
    const h = await start();
    await renderApp('/chats', { user: demoUser() });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Conversation with Member 501, 2 unread messages',
      'Conversation with Member 502',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/chats/1');

    h.backend.override('DELETE /api/chat.php', {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Down' },
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Delete the conversation with Member 501' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The conversation could not be deleted',
    );
  });

  it('shows the empty state with a link to the members', async () => {
    const h = await start();
    h.backend.chats = [];
    await renderApp('/chats', { user: demoUser() });
    const link = await screen.findByRole('link', { name: 'Find members' });
    expect(link.getAttribute('href')).toBe('/members');
  });
});

describe('conversation', () => {
  it('starts a chat from a member and replaces the address', async () => {
    const h = await start();
    h.backend.override('GET /api/chat.php', (request) =>
      request.query.has('profile') ? { body: { id: 1 } } : { body: { conversation: 1, msg: [] } },
    );
    const { router } = await renderApp('/members/501/chat', {
      user: demoUser(),
      next: ['/chats/1'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/1'));
    expect(await screen.findByRole('heading', { name: 'Member 501' })).toBeTruthy();
  });

  it('shows the start failure as a danger notice', async () => {
    const h = await start();
    h.backend.override('GET /api/chat.php', 'network-error');
    await renderApp('/members/501/chat', { user: demoUser() });
    expect(
      await screen.findByText('Cannot start chat, try again later or contact customer support'),
    ).toBeTruthy();
  });

  it('closes the conversation’s notifications on open, also when this device counts no unread', async () => {
    const h = await start();
    await h.api.refreshChats();
    closed.mockClear();
    // A stale list: 0 unread here, while a push about conversation 2 is showing.
    h.backend.override('GET /api/chat.php', { body: { conversation: 2, msg: [] } });
    await renderApp('/chats/2', { user: demoUser() });
    await waitFor(() => expect(closed).toHaveBeenCalledWith('chat-2'));
  });

  it('opens (unread to 0), shows the messages and sends with Enter', async () => {
    const h = await start();
    await h.api.refreshChats();
    h.backend.override('GET /api/chat.php', {
      body: {
        conversation: 1,
        msg: [
          {
            id: 1,
            conversation: 1,
            sender: 501,
            msg: 'Hi there',
            client_id: null,
            created_at: '2026-01-02T00:00:00Z',
            read_at: null,
          },
        ],
      },
    });
    h.backend.override('POST /api/chat.php', (request) => ({
      body: {
        id: 2,
        conversation: 1,
        sender: 7,
        msg: 'Hello!',
        client_id: (request.body as { client_id: string }).client_id,
        created_at: '2026-01-02T00:01:00Z',
        read_at: null,
      },
    }));
    await renderApp('/chats/1', { user: demoUser() });
    expect(await screen.findByText('Hi there')).toBeTruthy();
    await waitFor(async () => expect((await h.db.chats.get(1))?.num_unread_messages).toBe(0));

    const box = screen.getByRole('textbox', { name: 'Message to Member 501' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Hello!' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Hello!')).toBeTruthy();
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('reads a message that arrives live in the open conversation at once', async () => {
    const h = await start();
    await h.api.refreshChats();
    const incoming = (id: number, read_at: string | null) => ({
      id,
      conversation: 1,
      sender: 501,
      msg: `Message ${id}`,
      client_id: null,
      created_at: '2026-01-02T00:00:00Z',
      read_at,
    });
    // The server marks what it hands out as read.
    let stored = [incoming(1, null)];
    h.backend.override('GET /api/chat.php', () => {
      stored = stored.map((m) => ({ ...m, read_at: m.read_at ?? '2026-01-02T00:00:05Z' }));
      return { body: { conversation: 1, msg: stored } };
    });
    await renderApp('/chats/1', { user: demoUser() });
    expect(await screen.findByText('Message 1')).toBeTruthy();
    await waitFor(() => expect(h.backend.count('GET /api/chat.php')).toBeGreaterThan(0));
    const loads = h.backend.count('GET /api/chat.php');

    // The event stream stores a new message; the chat list has not changed (same second).
    stored = [...stored, incoming(2, null)];
    await h.db.messages.put({ ...incoming(2, null), key: 'id:2', status: 'sent' });
    expect(await screen.findByText('Message 2')).toBeTruthy();
    await waitFor(() => expect(h.backend.count('GET /api/chat.php')).toBe(loads + 1));
    expect(h.backend.last('GET /api/chat.php')?.query.get('read')).not.toBe('0');
  });

  it('on a disk with no room left, shows the messages it could not store and what the member sends', async () => {
    const h = await start({ lane: true });
    await h.api.refreshChats();
    // The page's database refuses every message write, the retries after each trim included.
    await withFullDisk(getDb(), 'messages', async (refused) => {
      const message = (id: number, sender: number, msg: string, client_id: string | null) => ({
        id,
        conversation: 1,
        sender,
        msg,
        client_id,
        created_at: `2026-01-02T00:0${id}:00Z`,
        read_at: null,
      });
      h.backend.override('GET /api/chat.php', {
        body: { conversation: 1, msg: [message(1, 501, 'Written to a full disk', null)] },
      });
      h.backend.override('POST /api/chat.php', (request) => ({
        body: message(2, 7, 'Still here', (request.body as { client_id: string }).client_id),
      }));
      await renderApp('/chats/1', { user: demoUser() });
      expect(await screen.findByText('Written to a full disk')).toBeTruthy();
      expect(screen.queryByText('The messages could not be loaded.')).toBeNull();

      const box = screen.getByRole('textbox', { name: 'Message to Member 501' });
      fireEvent.change(box, { target: { value: 'Still here' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await screen.findByText('Still here')).toBeTruthy();
      await waitFor(() => expect(h.backend.count('POST /api/chat.php')).toBe(1));
      expect(await getDb().messages.count()).toBe(0);
      expect(refused.refused).toBeGreaterThan(0);
    });
  });
});
