/** The worker's payment calls and the exactly-once resend of messages refused for credits. */
import { describe, expect, it } from 'vitest';
import { kvGet } from '../../src/db/kv';
import { messagesOf } from '../../src/db/queries';
import { resendNoCreditMessages } from '../../workers/credit-resend';
import { chat, type FakeBackend } from './helpers/fake-backend';
import { installPayments } from './helpers/fake-payments';
import { demoUser } from './helpers/fixtures';
import { createHarness } from './helpers/sync-harness';

/** POST /api/chat.php that charges one credit a message and refuses with 402 without. */
function chargingChat(backend: FakeBackend) {
  const sent: string[] = [];
  backend.override('POST /api/chat.php', (request) => {
    const body = request.body as { conversation: number; message: string; client_id: string };
    if (!backend.user || backend.user.credits < 1) {
      return {
        status: 402,
        body: {
          statusCode: 402,
          error: 'Payment Required',
          message: 'Sending a message costs 1 credit; buy credits to continue',
          key: 'chat.no_credits',
        },
      };
    }
    backend.user = { ...backend.user, credits: backend.user.credits - 1 };
    sent.push(body.message);
    return {
      body: {
        id: 100 + sent.length,
        conversation: body.conversation,
        sender: 7,
        msg: body.message,
        client_id: body.client_id,
        created_at: new Date().toISOString(),
        read_at: null,
      },
    };
  });
  return sent;
}

async function broke(h = createHarness()) {
  h.backend.user = demoUser({ credits: 0 });
  h.backend.chats = [chat(1, 0), chat(2, 0)];
  await h.api.refreshUser();
  const sent = chargingChat(h.backend);
  const payments = installPayments(h.backend);
  return { h, sent, payments };
}

describe('credits offer', () => {
  it('parses and stores the offer with its time, and keeps it when the next load fails', async () => {
    const { h } = await broke();
    const offer = await h.api.loadCreditsOffer();
    expect(offer.packages.map((p) => p.credits)).toEqual([10, 25, 50, 100]);
    const stored = await kvGet(h.db, 'creditsOffer');
    expect(stored?.offer).toEqual(offer);
    expect(stored?.fetchedAt).toBeGreaterThan(0);

    h.backend.override('GET /api/credits.php', { body: { ...offer, packages: 'nope' } });
    await expect(h.api.loadCreditsOffer()).rejects.toMatchObject({ kind: 'validation' });
    h.backend.override('GET /api/credits.php', 'network-error');
    await expect(h.api.loadCreditsOffer()).rejects.toMatchObject({ kind: 'network' });
    expect((await kvGet(h.db, 'creditsOffer'))?.offer).toEqual(offer);
  });
});

describe('purchases', () => {
  it('creates a purchase from product, package, method and return path, and stores it', async () => {
    const { h } = await broke();
    const started = await h.api.createTransaction({
      product: 'credits',
      package: 3,
      method: 'ideal',
      return_to: '/chats/1',
    });
    expect(h.backend.last('POST /api/transactions.php')?.body).toEqual({
      product: 'credits',
      package: 3,
      method: 'ideal',
      return_to: '/chats/1',
    });
    expect(started.checkout_url).toBe('/api/payments/demo.php?id=42');
    expect((await kvGet(h.db, 'transaction:42'))?.status).toBe('created');
  });

  it('reads with refresh=1 only when asked, cancels with PUT ?cancel=1, and rejects a 404', async () => {
    const { h } = await broke();
    await h.api.createTransaction({ product: 'credits', package: 1, method: 'card' });
    await h.api.loadTransaction(42, true);
    expect(h.backend.last('GET /api/transactions.php')?.query.get('refresh')).toBe('1');
    await h.api.loadTransaction(42);
    expect(h.backend.last('GET /api/transactions.php')?.query.has('refresh')).toBe(false);

    const cancelled = await h.api.cancelTransaction(42);
    const put = h.backend.last('PUT /api/transactions.php');
    expect(put?.query.get('cancel')).toBe('1');
    expect(put?.body).toEqual({ id: 42 });
    expect(cancelled.status).toBe('cancelled');
    expect((await kvGet(h.db, 'transaction:42'))?.status).toBe('cancelled');

    await expect(h.api.loadTransaction(99)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('refetches the user once a purchase turns paid', async () => {
    const { h, payments } = await broke();
    await h.api.createTransaction({ product: 'credits', package: 3, method: 'ideal' });
    const before = h.backend.count('GET /api/user.php');
    await h.api.loadTransaction(42);
    expect(h.backend.count('GET /api/user.php')).toBe(before);

    payments.pay(42);
    const paid = await h.api.loadTransaction(42);
    expect(paid).toMatchObject({ status: 'paid', balance: 50 });
    expect(h.backend.count('GET /api/user.php')).toBe(before + 1);
    expect((await kvGet(h.db, 'user'))?.credits).toBe(50);
    await h.api.loadTransaction(42); // already paid here: no second refetch
    expect(h.backend.count('GET /api/user.php')).toBe(before + 1);
  });
});

describe('messages refused for credits', () => {
  it('are sent exactly once after a paid purchase, in order, under new client ids', async () => {
    const { h, sent, payments } = await broke();
    await expect(h.api.sendMessage(1, 'Hello')).rejects.toMatchObject({ status: 402 });
    await expect(h.api.sendMessage(2, 'Hi there')).rejects.toMatchObject({ status: 402 });
    const failedKeys = [...(await messagesOf(1, h.db)), ...(await messagesOf(2, h.db))].map(
      (m) => m.key,
    );

    // A second tab's worker on the same database sees the same purchase at the same time.
    const other = createHarness({ db: h.db, backend: h.backend, hub: h.hub });
    await h.api.createTransaction({ product: 'credits', package: 3, method: 'ideal' });
    payments.pay(42);
    await Promise.all([h.api.loadTransaction(42), other.api.loadTransaction(42)]);

    expect(sent).toEqual(['Hello', 'Hi there']);
    const rows = [...(await messagesOf(1, h.db)), ...(await messagesOf(2, h.db))];
    expect(rows.map((m) => [m.msg, m.status])).toEqual([
      ['Hello', 'sent'],
      ['Hi there', 'sent'],
    ]);
    expect(rows.some((m) => failedKeys.includes(m.key))).toBe(false);
    expect(await h.db.actions.count()).toBe(0);

    await h.api.refreshUser(); // nothing left to claim
    expect(sent).toHaveLength(2);
    other.sync.stop();
  });

  it('are claimed by one worker only when two resend at the same moment', async () => {
    const { h, sent } = await broke();
    await expect(h.api.sendMessage(1, 'Hello')).rejects.toMatchObject({ status: 402 });
    await expect(h.api.sendMessage(1, 'Again')).rejects.toMatchObject({ status: 402 });
    h.backend.user = { ...demoUser(), credits: 5 };
    const other = createHarness({ db: h.db, backend: h.backend, hub: h.hub });
    const counts = await Promise.all([
      resendNoCreditMessages(h.ctx),
      resendNoCreditMessages(other.ctx),
      resendNoCreditMessages(h.ctx),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(sent).toEqual(['Hello', 'Again']);
    other.sync.stop();
  });

  it('are resent when the user poll shows more credits, as many as the balance pays for', async () => {
    const { h, sent } = await broke();
    await h.api.loadCreditsOffer(); // one message costs 1 credit
    await expect(h.api.sendMessage(1, 'one')).rejects.toMatchObject({ status: 402 });
    await expect(h.api.sendMessage(1, 'two')).rejects.toMatchObject({ status: 402 });
    h.backend.user = { ...demoUser(), credits: 1 };

    await h.api.refreshUser();
    expect(sent).toEqual(['one']);
    // A resent message is sent now, so it moves below the one still waiting.
    const rows = await messagesOf(1, h.db);
    expect(rows.map((m) => [m.msg, m.status])).toEqual([
      ['two', 'failed'],
      ['one', 'sent'],
    ]);

    h.backend.user = { ...h.backend.user, credits: 2 };
    await h.api.refreshUser();
    expect(sent).toEqual(['one', 'two']);
  });

  it('leaves other failures alone and keeps a message that is refused again', async () => {
    const { h } = await broke();
    h.backend.override('POST /api/chat.php', 'network-error');
    await expect(h.api.sendMessage(1, 'offline one')).rejects.toMatchObject({ kind: 'network' });
    const sent = chargingChat(h.backend);
    await expect(h.api.sendMessage(1, 'no credits')).rejects.toMatchObject({ status: 402 });
    // The balance went up but the server still refuses (say the cost rose meanwhile).
    h.backend.user = { ...demoUser(), credits: 1 };
    h.backend.override('POST /api/chat.php', {
      status: 402,
      body: { statusCode: 402, error: 'Payment Required', message: 'No', key: 'chat.no_credits' },
    });
    await h.api.refreshUser();
    const rows = await messagesOf(1, h.db);
    expect(rows.map((m) => [m.msg, m.status])).toEqual([
      ['offline one', 'failed'],
      ['no credits', 'failed'],
    ]);
    expect(sent).toEqual([]);
    const errors = (await h.db.actions.toArray()).map((a) => a.error).sort();
    expect(errors).toEqual(['chat.no_credits', 'network']);
  });
});
