/**
 * A member's complaint without a connection (workers/complaint-queue.ts, on fake-indexeddb): kept
 * with its screenshot, sent once when the connection is back with its client id, refused ones
 * recorded, visitors' never queued, nothing kept or sent across members.
 */
import { describe, expect, it } from 'vitest';
import { COMPLAINT_FORM_PATH } from '../../src/shared/contract/moderation';
import {
  COMPLAINT_PREFIX,
  kvGet,
  type ComplaintDraft,
  type QueuedComplaint,
} from '../../src/db/kv';
import { PASSWORD, FakeBackend } from './helpers/fake-backend';
import { demoUser } from './helpers/fixtures';
import { createHarness, flush } from './helpers/sync-harness';

const DRAFT: ComplaintDraft = {
  category: 'abuse',
  member: '42',
  message: 'Threats in the chat',
  email: '',
  language: 'de',
};
const SHOT = {
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer,
  name: 's.png',
  type: 'image/png',
};

/** The complaint route as the server behaves: one complaint per client id, whatever the repeats. */
function complaintServer(backend: FakeBackend) {
  const server = {
    mode: 'up' as 'up' | 'down' | 'lose-answer' | 'refuse',
    stored: new Map<string, { id: number; reference: string }>(),
    forms: [] as Array<Record<string, FormDataEntryValue>>,
  };
  const inner = backend.fetch;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  Object.assign(backend, {
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (new URL(String(input)).pathname !== COMPLAINT_FORM_PATH) return inner(input, init);
      if (server.mode === 'down') throw new TypeError('Failed to fetch');
      const fields = Object.fromEntries((init.body as FormData).entries());
      server.forms.push(fields);
      if (server.mode === 'refuse') {
        return json(404, {
          statusCode: 404,
          error: 'Not Found',
          message: 'No member has this id',
          key: 'complaints.errors.unknown_member',
        });
      }
      const clientId = String(fields.client_id ?? `live-${server.forms.length}`);
      let answer = server.stored.get(clientId);
      if (!answer) {
        const id = server.stored.size + 1;
        answer = { id, reference: `CP-${String(id).padStart(6, '0')}` };
        server.stored.set(clientId, answer);
      }
      // Stored, but the answer never reaches the device.
      if (server.mode === 'lose-answer') throw new TypeError('Failed to fetch');
      return json(200, answer);
    },
  });
  return server;
}

async function member() {
  const backend = new FakeBackend();
  const server = complaintServer(backend);
  const h = createHarness({ backend });
  await h.api.login('demo@example.com', PASSWORD);
  return { h, server };
}

const queuedRow = (h: ReturnType<typeof createHarness>, clientId: string) =>
  kvGet(h.db, `${COMPLAINT_PREFIX}${clientId}` as `complaint:${string}`);

describe('queued complaints in the worker', () => {
  it('keeps a member’s complaint offline and sends it once with its client id when back', async () => {
    const { h, server } = await member();
    server.mode = 'down';
    const outcome = await h.api.sendComplaint(DRAFT, SHOT);
    expect(outcome.status).toBe('queued');
    const clientId = outcome.status === 'queued' ? outcome.clientId : '';
    const saved = await queuedRow(h, clientId);
    expect(saved).toMatchObject({
      memberId: demoUser().id,
      status: 'queued',
      draft: DRAFT,
      reference: null,
    });
    expect(new Uint8Array(saved!.screenshot!.bytes)).toEqual(new Uint8Array(SHOT.bytes));

    expect(await h.api.flushComplaints()).toBe(0); // still offline: it stays
    expect((await queuedRow(h, clientId))?.status).toBe('queued');

    server.mode = 'up';
    expect(await h.api.flushComplaints()).toBe(1);
    expect(await queuedRow(h, clientId)).toMatchObject({
      status: 'sent',
      reference: 'CP-000001',
      screenshot: null,
    });
    expect(server.stored.size).toBe(1);
    const sent = server.forms.at(-1)!;
    expect(sent).toMatchObject({ client_id: clientId, category: 'abuse', member: '42' });
    expect(sent.email).toBeUndefined();
    expect(sent.file).toBeInstanceOf(Blob);

    expect(await h.api.flushComplaints()).toBe(0);
    expect(server.forms.filter((f) => f.client_id === clientId)).toHaveLength(1);
  });

  it('gets the first reference again when the answer to the first send was lost', async () => {
    const { h, server } = await member();
    server.mode = 'lose-answer';
    const outcome = await h.api.sendComplaint(DRAFT, null);
    expect(outcome.status).toBe('queued');
    expect(server.stored.size).toBe(1);
    server.mode = 'up';
    await Promise.all([h.api.flushComplaints(), h.api.flushComplaints()]);
    const clientId = outcome.status === 'queued' ? outcome.clientId : '';
    expect((await queuedRow(h, clientId))?.reference).toBe('CP-000001');
    expect(server.stored.size).toBe(1);
    expect(server.forms.filter((f) => f.client_id === clientId)).toHaveLength(2);
  });

  it('sends queued complaints when the user poll reaches the server', async () => {
    const { h, server } = await member();
    server.mode = 'down';
    const outcome = await h.api.sendComplaint(DRAFT, null);
    server.mode = 'up';
    await h.sync.poller.runNow('user');
    await flush();
    const clientId = outcome.status === 'queued' ? outcome.clientId : '';
    expect((await queuedRow(h, clientId))?.status).toBe('sent');
  });

  it('records a refusal on replay, drops the screenshot, and lets the page dismiss it', async () => {
    const { h, server } = await member();
    server.mode = 'down';
    const outcome = await h.api.sendComplaint(DRAFT, SHOT);
    const clientId = outcome.status === 'queued' ? outcome.clientId : '';
    await h.api.dismissComplaint(clientId); // still waiting: not dismissed
    expect(await queuedRow(h, clientId)).toBeDefined();
    server.mode = 'refuse';
    expect(await h.api.flushComplaints()).toBe(0);
    const failed: QueuedComplaint | undefined = await queuedRow(h, clientId);
    expect(failed).toMatchObject({
      status: 'failed',
      screenshot: null,
      error: { key: 'complaints.errors.unknown_member' },
    });
    await h.api.dismissComplaint(clientId);
    expect(await queuedRow(h, clientId)).toBeUndefined();
  });

  it('sends a member’s complaint at once when online, and never queues a visitor’s', async () => {
    const { h, server } = await member();
    expect(await h.api.sendComplaint(DRAFT, null)).toEqual({
      status: 'sent',
      id: 1,
      reference: 'CP-000001',
    });
    expect(server.forms[0]?.client_id).toEqual(expect.any(String));

    const visitor = new FakeBackend();
    const offline = complaintServer(visitor);
    offline.mode = 'down';
    const v = createHarness({ backend: visitor });
    await expect(
      v.api.sendComplaint({ ...DRAFT, email: 'v@example.org' }, null),
    ).rejects.toMatchObject({
      kind: 'network',
    });
    expect(await v.db.kv.where('key').startsWith(COMPLAINT_PREFIX).count()).toBe(0);
  });

  it('forgets a queued complaint at logout, so the next member never sends it', async () => {
    const { h, server } = await member();
    server.mode = 'down';
    await h.api.sendComplaint(DRAFT, null);
    await h.api.logout();
    expect(await h.db.kv.where('key').startsWith(COMPLAINT_PREFIX).count()).toBe(0);
    h.backend.account = demoUser({ id: 77, email: 'other@example.com' });
    await h.api.login('other@example.com', PASSWORD);
    server.mode = 'up';
    expect(await h.api.flushComplaints()).toBe(0);
    expect(server.stored.size).toBe(0);
  });
});
