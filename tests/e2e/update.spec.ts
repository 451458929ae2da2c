import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForServiceWorker } from './helpers';
import { freePort } from './support/free-port';

// A server of its own on a copy of the build, so "deploying" over it touches no other test.
let server: ChildProcess | null = null;
let root = '';
let base = '';

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'amora-update-'));
  // The build under test: CLIENT_DIR when the run serves its own copy, else ./dist/client.
  cpSync(process.env.CLIENT_DIR ?? 'dist/client', join(root, 'client'), { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn('node', ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'data'),
      CLIENT_DIR: join(root, 'client'),
      SEED_MEMBERS: '24',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  // A server starting and seeding its members, not a step of the app: it gets what a cold start
  // of the compiled server needs on a loaded machine.
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  rmSync(root, { recursive: true, force: true });
});

test('a new deployment shows the refresh banner, reloads once, and old chunks still load', async ({
  page,
}) => {
  const chunkErrors: string[] = [];
  page.on('console', (msg) => {
    if (/dynamically imported module|Loading chunk|ChunkLoadError/i.test(msg.text()))
      chunkErrors.push(msg.text());
  });
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // Marks each document once its app has registered the service worker: the step in which the
  // app would reload for a worker taking over.
  await page.addInitScript(() => {
    const g = globalThis as unknown as {
      navigator: { serviceWorker: { register(...args: unknown[]): Promise<unknown> } };
      registeredWorker?: boolean;
    };
    const container = g.navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: unknown[]) =>
      register(...args).then((registration) => {
        g.registeredWorker = true;
        return registration;
      });
  });
  await page.goto(`${base}/`);
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The deployment: a new service worker, found by the tab's next update check.
  appendFileSync(join(root, 'client', 'sw.js'), '\n// deployment 2\n');
  await page.evaluate(
    `navigator.serviceWorker.getRegistration().then((registration) => registration.update())`,
  );
  const banner = page.getByText('A new version of Amora is ready.');
  await expect(banner).toBeVisible();

  // The server then drops a lazy chunk (as a new build replaces it): both workers' precaches hold it.
  const assets = join(root, 'client', 'assets');
  for (const file of readdirSync(assets)) {
    if (/^StaticPageScreen-.*\.js$/.test(file)) rmSync(join(assets, file));
  }

  // The open tab still runs the old version: its lazy screens come from the old precache.
  // By keyboard: the banner covers the footer link for a pointer.
  await page.getByRole('link', { name: 'Terms of use' }).press('Enter');
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(chunkErrors).toEqual([]);

  const before = navigations;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => navigations).toBe(before + 1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  // One reload, not a loop: the reloaded page's app has registered the worker, and the worker
  // controlling it is the only one (none installing or waiting), so no take-over is left that
  // could reload the page again.
  await page.waitForFunction(
    () => (globalThis as unknown as { registeredWorker?: boolean }).registeredWorker === true,
  );
  await expect
    .poll(() =>
      page.evaluate(
        `navigator.serviceWorker.getRegistration().then((r) => ({ installing: Boolean(r.installing), waiting: Boolean(r.waiting), controlled: navigator.serviceWorker.controller === r.active }))`,
      ),
    )
    .toEqual({ installing: false, waiting: false, controlled: true });
  expect(navigations).toBe(before + 1);
  expect(await page.evaluate(`navigator.serviceWorker.controller?.scriptURL ?? ''`)).toContain(
    '/sw.js',
  );
  expect(chunkErrors).toEqual([]);
});
