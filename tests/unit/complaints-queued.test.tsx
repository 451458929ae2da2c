/** /complaints without a connection: a member's complaint is saved, then shows its reference; visitors are told. */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/contract/account';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { getDb } from '../../src/db/db';
import { kvPut, type QueuedComplaint } from '../../src/db/kv';
import { demoUser } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';
import { renderApp } from './helpers/render-app';

const worker = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof Bridge>()),
  getSync: () => worker.current,
  useSync: () => worker.current,
}));

const CLIENT_ID = '00000000-0000-4000-8000-000000000001';

async function start(user: User | null) {
  const calls = {
    sendComplaint: vi.fn(async () => ({ status: 'queued' as const, clientId: CLIENT_ID })),
    flushComplaints: vi.fn(async () => 0),
    dismissComplaint: vi.fn(async () => undefined),
  };
  const never = () => new Promise<never>(() => undefined);
  worker.current = new Proxy(calls, {
    get: (t, key) => (key === 'then' ? undefined : (t[key as keyof typeof calls] ?? never)),
  });
  await renderApp('/complaints', { user });
  return calls;
}

async function fillAndSend() {
  await screen.findByRole('heading', { name: 'Report a problem' });
  fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'abuse' } });
  fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'Threats.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
}

const row = (over: Partial<QueuedComplaint>): QueuedComplaint => ({
  clientId: CLIENT_ID,
  memberId: demoUser().id,
  draft: { category: 'abuse', member: '', message: 'Threats.', email: '', language: 'en' },
  screenshot: null,
  status: 'queued',
  reference: null,
  error: null,
  createdAt: 1,
  ...over,
});

beforeAll(() => setupI18n());
afterEach(async () => {
  cleanup();
  await getDb().kv.clear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

describe('complaints without a connection', () => {
  it('says a member’s complaint is saved, then shows its reference once the worker sent it', async () => {
    const calls = await start(demoUser());
    await kvPut(getDb(), `complaint:${CLIENT_ID}`, row({}));
    await fillAndSend();
    await waitFor(() => expect(calls.flushComplaints).toHaveBeenCalled());
    expect(
      await screen.findByText('Saved — it will be sent when you are back online'),
    ).toBeTruthy();
    await kvPut(getDb(), `complaint:${CLIENT_ID}`, row({ status: 'sent', reference: 'CP-000321' }));
    expect(await screen.findByText('CP-000321')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send another complaint' }));
    expect(calls.dismissComplaint).toHaveBeenCalledWith(CLIENT_ID);
  });

  it('shows why a saved complaint was refused', async () => {
    await start(demoUser());
    await kvPut(
      getDb(),
      `complaint:${CLIENT_ID}`,
      row({
        status: 'failed',
        error: { key: 'complaints.errors.unknown_member', message: 'No member has this id' },
      }),
    );
    await fillAndSend();
    expect(
      await screen.findByText('We do not know this member. Please check the number or link.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Write it again' })).toBeTruthy();
  });

  it('tells an offline visitor the complaint was not sent, and sends nothing', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const calls = await start(null);
    await screen.findByRole('heading', { name: 'Report a problem' });
    fireEvent.change(screen.getByLabelText('Your e-mail address'), {
      target: { value: 'v@example.org' },
    });
    await fillAndSend();
    expect(
      await screen.findByText(
        'You are offline, so your complaint was not sent. Please send it again when you are back online.',
      ),
    ).toBeTruthy();
    expect(calls.sendComplaint).not.toHaveBeenCalled();
    expect(calls.flushComplaints).not.toHaveBeenCalled();
  });
});
