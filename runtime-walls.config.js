/**
 * The walls between the runtimes, as lint rules on import specifiers. The code's imports are
 * relative, so each rule names where a specifier may climb to from the folder it is written in.
 *
 * - `src/shared/` runs everywhere (server, page, sync worker, service worker): it imports only
 *   itself and zod; the page lane may name the device store's row shapes in type-only imports.
 * - `server/` imports only the shared code of `src/`, and no browser library.
 * - The page (the rest of `src/`) never imports the server or the service worker, and reaches the
 *   sync worker only through its typed bridge, `src/bridges/worker-bridge.ts`.
 * - `workers/` and `sw/` import the shared code and the device store's schema (`src/db/`).
 */

const UP = String.raw`^(\.\./)+`;

const SERVER = {
  regex: `${UP}server/`,
  message: 'Only the server imports server/: share what both need through src/shared/.',
};
const SERVICE_WORKER = {
  regex: `${UP}sw/`,
  message: 'The service worker is reached by messages (src/bridges/sw-bridge.ts), never imported.',
};
const WORKER = {
  regex: `${UP}workers/`,
  message:
    'The page reaches the sync worker only through src/bridges/worker-bridge.ts, which names its types.',
};
const TESTS = { regex: `${UP}tests/`, message: 'Product code never imports the tests.' };
const BROWSER_LIBRARIES = {
  regex: '^(react|react-dom|react-.+|@tanstack/.+|dexie|dexie-.+|comlink|workbox-.+)(/.*)?$',
  message: 'The server does not load browser libraries.',
};

/** From a file `depth` folders below src/shared/: a specifier that climbs out of it. */
function leavesShared(depth) {
  const out = String.raw`\.\./`.repeat(depth + 1);
  return [
    {
      regex: `^${out}(?!db/)`,
      message:
        'Shared code imports only shared code (src/shared/) and zod, nothing of one runtime.',
    },
    {
      regex: `^${out}db/`,
      allowTypeImports: true,
      message: 'Shared code may name the device store (src/db/) only in a type-only import.',
    },
    {
      regex: String.raw`^(?!zod$)[^.]`,
      message:
        'Shared code imports no library but zod: no React, DOM, Dexie, Fastify or Node built-in.',
    },
  ];
}

const rule = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

/** The flat-config blocks; later blocks win for the files they match. */
export const runtimeWalls = [
  {
    files: ['server/**/*.ts'],
    rules: rule([
      {
        regex: `${UP}src/(?!shared/)`,
        message: 'The server imports only the shared code of src/ (src/shared/).',
      },
      { ...WORKER, message: 'The server never imports the sync worker.' },
      { ...SERVICE_WORKER, message: 'The server never imports the service worker.' },
      TESTS,
      { regex: `${UP}scripts/`, message: 'The server never imports the build scripts.' },
      BROWSER_LIBRARIES,
    ]),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/**'],
    rules: rule([SERVER, SERVICE_WORKER, WORKER, TESTS]),
  },
  {
    files: ['src/bridges/worker-bridge.ts'],
    rules: rule([SERVER, SERVICE_WORKER, TESTS]),
  },
  ...[0, 1, 2].map((depth) => ({
    files: [`src/shared/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: rule(leavesShared(depth)),
  })),
  {
    files: ['workers/**/*.ts'],
    rules: rule([
      {
        regex: `${UP}src/(?!shared/|db/)`,
        message: 'The sync worker imports only src/shared/ and the device store (src/db/) of src/.',
      },
      { ...SERVER, message: 'The sync worker never imports the server.' },
      SERVICE_WORKER,
      TESTS,
    ]),
  },
  {
    files: ['sw/**/*.ts'],
    rules: rule([
      {
        regex: `${UP}src/(?!shared/|db/)`,
        message:
          'The service worker imports only src/shared/ and the device store (src/db/) of src/.',
      },
      { ...SERVER, message: 'The service worker never imports the server.' },
      {
        ...WORKER,
        message: 'The service worker never imports the sync worker; they share src/shared/.',
      },
      TESTS,
    ]),
  },
];
