/** First-route JS and CSS of the real app against a bare app of the same libraries, both built now. */
import { basename } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { matchRoute } from '../../../src/app/route-table';
import { buildBareApp } from '../lib/bare-app';
import { buildClient } from '../lib/client-build';
import { startServer, tempDir } from '../lib/processes';
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

const ROUTES = ['/', '/login', '/members'];

/** The lazy screen chunk of a route: route-table screen `members` is `…/MembersScreen.tsx`. */
function screenKey(manifest: Manifest, entry: string, path: string): string {
  const screen = matchRoute(path)?.route.screen;
  if (!screen) throw new Error(`no route for ${path}`);
  const file = `${screen[0]!.toUpperCase()}${screen.slice(1)}Screen.tsx`;
  const key = manifest[entry]!.dynamicImports?.find((k) => basename(k) === file);
  if (!key) throw new Error(`no lazy chunk ${file} for ${path} among the entry's dynamic imports`);
  return key;
}

function firstRouteRow(
  name: string,
  dir: string,
  manifest: Manifest,
  keys: Set<string>,
  bareGzip?: number,
): Row {
  const { js, css } = filesOf(manifest, keys);
  const jsSize = sizeOfFiles(dir, js);
  const cssSize = sizeOfFiles(dir, css);
  return {
    measurement: name,
    'JS files': js.length,
    'JS min KB': kb(jsSize.raw),
    'JS gzip KB': kb(jsSize.gzip),
    'JS brotli KB': kb(jsSize.brotli),
    'CSS gzip KB': kb(cssSize.gzip),
    'CSS brotli KB': kb(cssSize.brotli),
    'JS gzip ratio to bare': bareGzip ? +(jsSize.gzip / bareGzip).toFixed(2) : 1,
  };
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- bundle`. */
export const bundlePart: Part = {
  name: 'bundle',
  async run() {
    const app = await buildClient();
    const bareDir = await buildBareApp();

    const bare = readManifest(bareDir);
    const bareKeys = staticClosure(bare, entryKey(bare));
    const bareGzip = sizeOfFiles(bareDir, filesOf(bare, bareKeys).js).gzip;
    const manifest = readManifest(app.dir);
    const entry = entryKey(manifest);
    const entryKeys = staticClosure(manifest, entry);
    const rows = [firstRouteRow('bare app (same libraries)', bareDir, bare, bareKeys)];
    for (const path of ROUTES) {
      const keys = new Set([
        ...entryKeys,
        ...staticClosure(manifest, screenKey(manifest, entry, path)),
      ]);
      rows.push(firstRouteRow(`first route ${path}`, app.dir, manifest, keys, bareGzip));
    }

    const server = await startServer(tempDir('bundle-data'), {}, { root: app.root });
    const html: Row[] = [];
    try {
      for (const path of ROUTES) {
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
        'First route = entry chunk + its static imports + the lazy screen chunk and its static imports; ' +
        'each file gzip -9 / brotli 11 on its own. The bare app is one screen using react, react-dom, ' +
        'react-router-dom, i18next, react-i18next, dexie, dexie-react-hooks, comlink, zod and workbox-window, ' +
        'all imported statically. Target: JS gzip within 1.15x of bare; first HTML under 14 KB.',
      rows,
      tables: [
        { title: 'First HTML response (index.html as the server sends it)', rows: html },
        { title: 'Five largest lazy chunks', rows: lazy },
      ],
    };
  },
};
