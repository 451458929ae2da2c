/** The sync worker's side of the stats console: the query sent, each view kept, a 404 forgets. */
import { afterEach, describe, expect, it } from 'vitest';
import { kvPut } from '../../src/db/kv';
import { createHarness, flush } from './helpers/sync-harness';
import { statsAnswer } from './helpers/stats-fixtures';

type Harness = ReturnType<typeof createHarness>;
let h: Harness | null = null;

function start(): Harness {
  h = createHarness();
  return h;
}

afterEach(async () => {
  h?.sync.stop();
  await flush();
  h?.db.close();
  h = null;
});

const request = {
  key: 'range=7d&group=country&network=adnet&sub1=',
  query: {
    from: '2026-11-27',
    to: '2026-12-03',
    group: 'country' as const,
    network: 'adnet',
    sub1: '',
  },
};

describe('stats in the worker', () => {
  it('asks for the view’s query (an empty filter included) and keeps the answer under its key', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/stats.php', { body: statsAnswer() });
    const answer = await api.loadStats(request);
    expect(answer.totals.counts.signup_started).toBe(27);

    const sent = backend.last('GET /api/stats.php')?.query;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      from: '2026-11-27',
      to: '2026-12-03',
      group: 'country',
      network: 'adnet',
      sub1: '',
    });
    const kept = await db.statsAnswers.get(request.key);
    expect(kept?.answer.generated_at).toBe('2026-12-03T10:00:00.000Z');
    expect(kept?.fetchedAt).toBeGreaterThan(0);
  });

  it('keeps the stored answer when the connection is gone', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/stats.php', { body: statsAnswer() });
    await api.loadStats(request);
    backend.override('GET /api/stats.php', 'network-error');
    await expect(api.loadStats(request)).rejects.toMatchObject({ kind: 'network' });
    expect(await db.statsAnswers.count()).toBe(1);
  });

  it('forgets every kept view when the server answers 404 (the role is gone)', async () => {
    const { api, backend, db } = start();
    backend.override('GET /api/stats.php', { body: statsAnswer() });
    await api.loadStats(request);
    await api.loadStats({ ...request, key: 'range=30d' });
    backend.override('GET /api/stats.php', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Not found: GET /api/stats.php' },
    });
    await expect(api.loadStats(request)).rejects.toMatchObject({ status: 404 });
    expect(await db.statsAnswers.count()).toBe(0);
  });

  it('does not keep an answer that arrives after the session changed', async () => {
    const { api, backend, db } = start();
    await kvPut(db, 'session', { memberId: 7, changedAt: 1 });
    backend.override('GET /api/stats.php', async () => {
      await kvPut(db, 'session', { memberId: 8, changedAt: 2 });
      return { body: statsAnswer() };
    });
    const answer = await api.loadStats(request);
    expect(answer.group).toBe('day');
    expect(await db.statsAnswers.count()).toBe(0);
  });
});
