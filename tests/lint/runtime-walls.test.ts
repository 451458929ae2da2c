/**
 * The walls between the runtimes hold: the project's own lint config, run through ESLint's Node API
 * on small sources placed where each runtime's files live, refuses every import across a wall and
 * lets through the ones each runtime is meant to make.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RULE = '@typescript-eslint/no-restricted-imports';
const eslint = new ESLint({ cwd: ROOT });

/** The wall messages ESLint gives `source` written at `filePath` (from the project root). */
async function walls(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const importing = (specifier: string) =>
  `import { thing } from '${specifier}';\nexport { thing };\n`;
const importingType = (specifier: string) =>
  `import type { Thing } from '${specifier}';\nexport type { Thing };\n`;

describe('the server', () => {
  it('may not import a screen of the page', async () => {
    const found = await walls(
      'server/routes/example.ts',
      importing('../../src/features/login/LoginScreen'),
    );
    expect(found).toEqual([expect.stringContaining('only the shared code of src/')]);
  });

  it('may not import the workers, the service worker, the tests or a browser library', async () => {
    expect(await walls('server/example.ts', importing('../workers/chats'))).toHaveLength(1);
    expect(await walls('server/lib/example.ts', importing('../../sw/push/logic'))).toHaveLength(1);
    expect(await walls('server/example.ts', importing('../tests/api/helper'))).toHaveLength(1);
    expect(await walls('server/example.ts', importing('react'))).toHaveLength(1);
    expect(await walls('server/example.ts', importing('dexie'))).toHaveLength(1);
  });

  it('imports the shared code, its own modules and Node', async () => {
    expect(
      await walls('server/routes/example.ts', importing('../../src/shared/contract/likes')),
    ).toEqual([]);
    expect(await walls('server/routes/example.ts', importing('../lib/dates'))).toEqual([]);
    expect(await walls('server/example.ts', importing('node:fs'))).toEqual([]);
  });
});

describe('the page', () => {
  it('may not import the server or the service worker', async () => {
    expect(
      await walls('src/features/example/example.ts', importing('../../../server/config')),
    ).toEqual([expect.stringContaining('Only the server imports server/')]);
    expect(await walls('src/app/example.ts', importing('../../sw/queue/action-queue'))).toEqual([
      expect.stringContaining('reached by messages'),
    ]);
  });

  it('reaches the sync worker only through the typed bridge', async () => {
    expect(
      await walls('src/features/chats/example.ts', importingType('../../../workers/chats')),
    ).toEqual([expect.stringContaining('src/bridges/worker-bridge.ts')]);
    expect(
      await walls('src/features/chats/example.ts', importingType('../../bridges/worker-bridge')),
    ).toEqual([]);
    expect(
      await walls('src/bridges/worker-bridge.ts', importingType('../../workers/sync.worker')),
    ).toEqual([]);
  });

  it('imports the shared code and the device store', async () => {
    expect(await walls('src/app/example.ts', importing('../shared/money'))).toEqual([]);
    expect(await walls('src/app/example.ts', importing('../db/db'))).toEqual([]);
  });
});

describe('the shared code', () => {
  it('may not import a runtime library', async () => {
    for (const library of ['react', 'react-dom/client', 'dexie', 'fastify', 'node:fs', 'path']) {
      expect(await walls('src/shared/example.ts', importing(library)), library).toEqual([
        expect.stringContaining('no library but zod'),
      ]);
    }
    expect(await walls('src/shared/example.ts', importing('zod'))).toEqual([]);
  });

  it('may not import the page, at any depth', async () => {
    expect(await walls('src/shared/example.ts', importing('../app/route-handle'))).toEqual([
      expect.stringContaining('imports only shared code'),
    ]);
    expect(
      await walls('src/shared/contract/example.ts', importing('../../features/pages/page-content')),
    ).toHaveLength(1);
    expect(await walls('src/shared/contract/example.ts', importing('../money'))).toEqual([]);
    expect(await walls('src/shared/prerender/example.ts', importing('./slots'))).toEqual([]);
  });

  it('names the device store only in a type-only import', async () => {
    expect(await walls('src/shared/example.ts', importingType('../db/db'))).toEqual([]);
    expect(await walls('src/shared/example.ts', importing('../db/db'))).toEqual([
      expect.stringContaining('only in a type-only import'),
    ]);
  });
});

describe('the workers', () => {
  it('the sync worker imports the shared code and the device store, nothing else of src/', async () => {
    expect(await walls('workers/example.ts', importing('../src/shared/offline-protocol'))).toEqual(
      [],
    );
    expect(await walls('workers/example.ts', importing('../src/db/db'))).toEqual([]);
    expect(await walls('workers/example.ts', importing('../src/app/toasts/toast-store'))).toEqual([
      expect.stringContaining('imports only src/shared/'),
    ]);
    expect(await walls('workers/example.ts', importing('../server/config'))).toHaveLength(1);
  });

  it('the service worker imports neither the sync worker nor the page', async () => {
    expect(await walls('sw/example.ts', importing('../workers/chats'))).toHaveLength(1);
    expect(await walls('sw/queue/example.ts', importing('../../src/bridges/sw-bridge'))).toEqual([
      expect.stringContaining('imports only src/shared/'),
    ]);
    expect(await walls('sw/queue/example.ts', importing('../../src/shared/cache-names'))).toEqual(
      [],
    );
  });
});
