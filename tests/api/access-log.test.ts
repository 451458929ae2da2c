/**
 * The access log (server/lib/access-log.ts): one line per answer with method, path, status,
 * time and address; an unchanged poll (304) only at debug level.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLog } from '../../server/lib/access-log';

interface Line {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  ip?: string;
}

let app: FastifyInstance | undefined;

/** An app with the access log, logging at `level` into `lines`. */
async function appLogging(level: string, lines: Line[]): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  app = Fastify({ logger: { level, stream }, logController: new AccessLog() });
  app.get('/api/ok', async () => ({ ok: true }));
  app.get('/api/same', async (_request, reply) => reply.code(304).send());
  app.post('/api/refused', async (_request, reply) => reply.code(400).send({ error: 'no' }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('access log', () => {
  it('writes one line per answer with method, path, status, time and address', async () => {
    const lines: Line[] = [];
    const built = await appLogging('info', lines);
    await built.inject({ method: 'GET', url: '/api/ok?x=1', remoteAddress: '203.0.113.9' });
    await built.inject({ method: 'POST', url: '/api/refused' });
    const answered = lines.filter((l) => l.msg === 'answered');
    expect(lines).toHaveLength(2);
    expect(answered[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/ok?x=1',
      status: 200,
      ip: '203.0.113.9',
    });
    expect(typeof answered[0]?.ms).toBe('number');
    expect(answered[1]).toMatchObject({ method: 'POST', url: '/api/refused', status: 400 });
  });

  it('logs an unchanged poll only at debug level', async () => {
    const info: Line[] = [];
    await (await appLogging('info', info)).inject({ method: 'GET', url: '/api/same' });
    expect(info).toEqual([]);
    await app?.close();
    const debug: Line[] = [];
    await (await appLogging('debug', debug)).inject({ method: 'GET', url: '/api/same' });
    expect(debug).toEqual([expect.objectContaining({ level: 20, status: 304, msg: 'answered' })]);
  });
});
