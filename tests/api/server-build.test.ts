/**
 * The compiled server (scripts/build-server.mjs), as `npm start` runs it: plain JavaScript from
 * dist/server with packages from node_modules, finding the site config, the locales and the
 * bundled demo data without the TypeScript sources.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerCopy, startServerProcess, type ServerProcess } from './support/server-process';

describe('the compiled server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-built-'));
  let build: ReturnType<typeof buildServerCopy> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    build = buildServerCopy();
    server = await startServerProcess(['--enable-source-maps', build.entry], {
      DATA_DIR: dataDir,
    });
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    build?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${server?.origin}${path}`, init);

  it('runs without a TypeScript loader and answers health', async () => {
    expect(server?.child.spawnargs.join(' ')).not.toMatch(/tsx/);
    const res = await get('/api/health');
    expect(res.status).toBe(200);
  });

  it('reads the site config and the locales from the repository', async () => {
    const company = await get('/api/companyinfo.php');
    expect(company.status).toBe(200);
    expect(await company.json()).toMatchObject({ name: 'Amora Online B.V.' });
    const messages = await get('/_i18n/nl/messages.json');
    expect(messages.status).toBe(200);
    expect(Object.keys((await messages.json()) as object).length).toBeGreaterThan(10);
  });

  it('logs a demo member in, with the database it migrated and seeded', async () => {
    const login = await get('/api/login.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'amora-demo-2026' }),
    });
    expect(login.status).toBe(200);
    const cookie = /amora_sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const user = await get('/api/user.php', { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ user: { email: 'demo@example.com' } });
  });

  it('refuses bad input with an ApiError, as the sources do', async () => {
    const res = await get('/api/login.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });
});
