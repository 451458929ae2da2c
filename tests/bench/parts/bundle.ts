/**
 * First-route JS and CSS of the real app against two bare apps built now: one of the same
 * libraries, and React + React Router alone (the floor of issue 14's public pages).
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { buildBareApp, buildBareRouterApp } from '../lib/bare-app';
import { buildClient } from '../lib/client-build';
import { startServer, tempDir } from '../lib/processes';
import { BUNDLE_PAGES, pageScreen } from '../lib/public-pages';
import { screenModules } from '../../../scripts/screen-assets';
import { matchPrerendered } from '../../../src/shared/prerender/pages';
import type { Part, Row } from '../lib/report';
import { fetchServed } from '../lib/served-html';
import {
  compressedSizes,
  entryKey,
  filesOf,
  kb,
  readManifest,
  sizeOfFiles,
  staticClosure,
  type Manifest,
} from '../lib/sizes';

/** The lazy screen chunk of a page (its key is the screen module's path in src/screens.ts). */
function screenKey(manifest: Manifest, module: string): string {
  if (!manifest[module]?.isDynamicEntry) throw new Error(`no lazy chunk for ${module}`);
  return module;
}

/**
 * i18next's chunk: the app shell starts it before its first render, a prerendered page only at a
 * language change (src/i18n/active-i18n.ts), so it counts in the first route of app-shell pages.
 */
const I18NEXT_MODULE = 'src/i18n/i18n.ts';

/**
 * The map of every screen: a prerendered page imports its own screen by address and loads the
 * map after its first paint (src/routes.tsx), the app shell needs it to reach any screen.
 */
const SCREENS_MODULE = 'src/screens.ts';

/** Gzip bytes of the two floors: all mandated libraries, and React + React Router alone. */
interface Floors {
  libraries: number;
  router: number;
}

function firstRouteRow(
  name: string,
  dir: string,
  manifest: Manifest,
  keys: Set<string>,
  floors?: Floors,
): Row {
  const { js, css } = filesOf(manifest, keys);
  const jsSize = sizeOfFiles(dir, js);
  const cssSize = sizeOfFiles(dir, css);
  const ratio = (floor: number) => (floors ? +(jsSize.gzip / floor).toFixed(2) : '');
  return {
    measurement: name,
    'JS files': js.length,
    'JS min KB': kb(jsSize.raw),
    'JS gzip KB': kb(jsSize.gzip),
    'JS brotli KB': kb(jsSize.brotli),
    'CSS gzip KB': kb(cssSize.gzip),
    'CSS brotli KB': kb(cssSize.brotli),
    'JS gzip ratio to React + Router': ratio(floors?.router ?? 0),
    'JS gzip ratio to same libraries': ratio(floors?.libraries ?? 0),
  };
}

/** First-route JS of one bare app, and its manifest row. */
function bareFloor(dir: string, name: string): { gzip: number; row: Row } {
  const manifest = readManifest(dir);
  const keys = staticClosure(manifest, entryKey(manifest));
  return {
    gzip: sizeOfFiles(dir, filesOf(manifest, keys).js).gzip,
    row: firstRouteRow(name, dir, manifest, keys),
  };
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- bundle`. */
export const bundlePart: Part = {
  name: 'bundle',
  async run() {
    const app = await buildClient();
    const libraries = bareFloor(await buildBareApp(), 'bare app (same libraries)');
    const router = bareFloor(await buildBareRouterApp(), 'bare app (React + React Router)');
    const floors: Floors = { libraries: libraries.gzip, router: router.gzip };

    const manifest = readManifest(app.dir);
    const entry = entryKey(manifest);
    const entryKeys = staticClosure(manifest, entry);
    const modules = screenModules();
    const rows = [router.row, libraries.row];
    const skipped: string[] = [];
    const pages: string[] = [];
    for (const path of BUNDLE_PAGES) {
      const screen = pageScreen(path, modules);
      if ('skip' in screen) {
        skipped.push(screen.skip);
        continue;
      }
      pages.push(path);
      const keys = new Set([
        ...entryKeys,
        ...staticClosure(manifest, screenKey(manifest, screen.module)),
        ...(matchPrerendered(path, 'en')
          ? []
          : [I18NEXT_MODULE, SCREENS_MODULE].flatMap((m) => [...staticClosure(manifest, m)])),
      ]);
      rows.push(firstRouteRow(`first route ${path}`, app.dir, manifest, keys, floors));
    }

    const server = await startServer(tempDir('bundle-data'), {}, { root: app.root });
    const html: Row[] = [];
    try {
      for (const path of pages) {
        const served = await fetchServed(`${server.url}${path}`);
        const plain =
          served.encoding === 'gzip'
            ? gunzipSync(served.body)
            : served.encoding === 'br'
              ? brotliDecompressSync(served.body)
              : served.body;
        html.push({
          response: `GET ${path}`,
          'content-encoding': served.encoding,
          'KB on the wire': kb(served.wire),
          'KB uncompressed': kb(plain.length),
          'gzip -9 KB': kb(compressedSizes(plain).gzip),
        });
      }
    } finally {
      await server.stop();
    }

    const firstRouteFiles = new Set(filesOf(manifest, entryKeys).js);
    const lazy = filesOf(manifest, Object.keys(manifest))
      .js.filter((f) => !firstRouteFiles.has(f))
      .map((file) => ({ file, ...sizeOfFiles(app.dir, [file]) }))
      .sort((a, b) => b.raw - a.raw)
      .slice(0, 5)
      .map((c) => ({
        'lazy chunk': c.file,
        KB: kb(c.raw),
        'gzip KB': kb(c.gzip),
        'brotli KB': kb(c.brotli),
      }));

    return {
      note:
        `Both apps built with Vite in this run (real app in ${app.seconds.toFixed(0)} s, into a temp folder). ` +
        'First route = entry chunk + its static imports + the lazy screen chunk and its static imports, ' +
        "and i18next's chunk and the map of screens on pages without a prerendered copy (a prerendered page loads " +
        'i18next at a language change, and imports its screen by address); ' +
        'each file gzip -9 / brotli 11 on its own. Two bare apps of one screen: React + React Router ' +
        '(react, react-dom, react-router-dom), and one using react, react-dom, react-router-dom, i18next, ' +
        'react-i18next, dexie, dexie-react-hooks, comlink, zod and workbox-window, all imported statically. ' +
        'Targets: public pages (/, /login, landers) within 1.3x of React + React Router (issue 14), ' +
        'JS gzip within 1.15x of the same libraries (DESIGN §8); first HTML under 14 KB. ' +
        'First HTML is what a visitor without a session gets: the prerendered page where the build has one.' +
        (skipped.length ? ` Skipped: ${skipped.join('; ')}.` : ''),
      rows,
      tables: [
        { title: 'First HTML response (index.html as the server sends it)', rows: html },
        { title: 'Five largest lazy chunks', rows: lazy },
      ],
    };
  },
};
