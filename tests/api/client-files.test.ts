/** Which paths name a file of the built client (the global rate limit does not count those). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientFilePath } from '../../server/lib/client-files';
import { PRERENDER_DIR } from '../../src/shared/prerender/pages';

describe('files of the built client', () => {
  let root: string;
  let client: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'amora-files-'));
    client = join(root, 'client');
    mkdirSync(join(client, 'assets'), { recursive: true });
    mkdirSync(join(client, PRERENDER_DIR), { recursive: true });
    writeFileSync(join(client, 'assets', 'index-abc.js'), '1');
    writeFileSync(join(client, 'sw.js'), '1');
    writeFileSync(join(client, PRERENDER_DIR, 'home.html'), '<p>');
    writeFileSync(join(root, 'secret.txt'), 'outside the build');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(['/assets/index-abc.js', '/sw.js', '/assets/index-abc.js?v=2', '/assets/index%2Dabc.js'])(
    'counts %s as a file',
    async (url) => expect(await isClientFilePath(client, url)).toBe(true),
  );

  it.each([
    '/',
    '/assets',
    '/assets/',
    '/assets/missing.js',
    '/landers/video/eng',
    `/${PRERENDER_DIR}/home.html`,
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%E0%A4%A',
    '/sw.js%00',
    'sw.js',
  ])('does not count %s as a file', async (url) => {
    expect(await isClientFilePath(client, url)).toBe(false);
  });
});
