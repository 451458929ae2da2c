/**
 * The bundle baselines, written into temp folders and built with Vite in the same run as the real
 * app: a one-screen app using every mandated client library (DESIGN §8), and a bare React + React
 * Router app (issue 14's floor for public pages).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { tempDir } from './processes';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Bare</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`;

// Each library is used for real, so tree shaking cannot drop it.
const MAIN_TSX = `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Dexie, type EntityTable } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import * as Comlink from 'comlink';
import { z } from 'zod';
import { Workbox } from 'workbox-window';

const Item = z.object({ id: z.number().int(), name: z.string().min(1) });
type Item = z.infer<typeof Item>;

const db = new Dexie('bare') as Dexie & { items: EntityTable<Item, 'id'> };
db.version(1).stores({ items: '++id, name' });

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { hello: 'Hello', items: '{{count}} items' } } },
});

const channel = new MessageChannel();
Comlink.expose({ ping: () => 'pong' }, channel.port1);
const remote = Comlink.wrap<{ ping(): string }>(channel.port2);

function Screen() {
  const { t } = useTranslation();
  const items = useLiveQuery(() => db.items.toArray(), []);
  const [reply, setReply] = useState('');
  const valid = (items ?? []).filter((i) => Item.safeParse(i).success);
  return (
    <main>
      <h1>{t('hello')}</h1>
      <p>{t('items', { count: valid.length })}</p>
      <button type="button" onClick={() => void remote.ping().then(setReply)}>{reply || 'Ping'}</button>
    </main>
  );
}

const router = createBrowserRouter([{ path: '/', element: <Screen /> }]);
if ('serviceWorker' in navigator) void new Workbox('/sw.js').register();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`;

// React and React Router only: what any page of this stack costs before the app adds anything.
const ROUTER_MAIN_TSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router-dom';

function Screen() {
  return (
    <main>
      <h1>Hello</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

const router = createBrowserRouter([{ path: '/', element: <Screen /> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`;

/** Builds the bare app of every mandated library; returns its output folder (with .vite/manifest.json). */
export function buildBareApp(): Promise<string> {
  return buildOneScreenApp('bare-app', MAIN_TSX);
}

/** Builds the bare React + React Router app; returns its output folder. */
export function buildBareRouterApp(): Promise<string> {
  return buildOneScreenApp('bare-router-app', ROUTER_MAIN_TSX);
}

async function buildOneScreenApp(name: string, main: string): Promise<string> {
  const root = tempDir(name);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'src/main.tsx'), main);
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  const outDir = join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // One chunk on purpose: the size warning is about the real app, not this floor.
    build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 100_000 },
  });
  return outDir;
}
