/**
 * Prerendering, run by every client build (vite.config.ts): builds src/prerender/entry.tsx for
 * Node, renders each page of src/shared/prerender/pages.ts in each language, inlines the critical CSS
 * (beasties) and writes `<outDir>/prerendered/<name>/<lng>.html` plus a manifest for the server.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { Language } from '../src/shared/contract/fields';
import { matchRoute } from '../src/shared/route-table';
import {
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  prerenderFile,
  PRERENDER_ENTRIES,
  type PrerenderManifest,
  type RenderedPage,
} from '../src/shared/prerender/pages';
import { inlineScriptHashes } from '../server/lib/origin';
import { composePage, pageAssets } from './prerender-html';
import {
  NO_SCREEN_ASSETS,
  screenAssetsOf,
  screenModules,
  type ScreenAssets,
} from './screen-assets';

/** The SSR entry's one export, as the build calls it. */
type RenderPage = (
  path: string,
  language: Language,
  messages: Record<string, unknown>,
) => Promise<RenderedPage>;

/** Builds the server entry into a temp folder and loads it. */
async function loadRenderer(config: ResolvedConfig, out: string): Promise<RenderPage> {
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    css: { preprocessorOptions: config.css.preprocessorOptions },
    // One self-contained file: it runs from a temp folder with no node_modules beside it.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender/entry.tsx',
      outDir: out,
      emptyOutDir: true,
      rollupOptions: {
        output: { entryFileNames: 'entry.mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  const entry = (await import(pathToFileURL(join(out, 'entry.mjs')).href)) as {
    renderPage: RenderPage;
  };
  return entry.renderPage;
}

/** The files of the screen that `path`'s route shows, beyond the entry's. */
type ScreenOf = (path: string) => ScreenAssets;

/** Reads the client bundle once: route path → its screen's own files. */
function screenOfBundle(bundle: Rolldown.OutputBundle, root: string): ScreenOf {
  const modules = screenModules(resolve(root, 'src/screens.ts'));
  const assetsOf = screenAssetsOf(bundle, root);
  return (path) => {
    const screen = matchRoute(path)?.route.screen;
    const module = screen ? modules.get(screen) : undefined;
    return screen && module ? { screen, ...assetsOf(module) } : NO_SCREEN_ASSETS;
  };
}

/** Renders every page of every entry into `outDir`; returns how many it wrote. */
export async function prerenderInto(config: ResolvedConfig, screenOf: ScreenOf): Promise<number> {
  const outDir = resolve(config.root, config.build.outDir);
  const work = mkdtempSync(join(tmpdir(), 'amora-prerender-'));
  try {
    const renderPage = await loadRenderer(config, join(work, 'ssr'));
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    const assets = pageAssets(template, outDir);
    const beasties = new Beasties({
      path: outDir,
      publicPath: '/',
      preload: 'body',
      noscriptFallback: false,
      pruneSource: false,
      inlineFonts: false,
      compress: true,
      logLevel: 'warn',
    });
    const messages = new Map<Language, Record<string, unknown>>();
    const read = (lng: Language) => {
      const file = join(config.root, 'locales', lng, 'messages.json');
      if (!messages.has(lng)) messages.set(lng, JSON.parse(readFileSync(file, 'utf8')) as never);
      return messages.get(lng)!;
    };

    const manifest: PrerenderManifest = { pages: [], scriptHashes: [] };
    for (const entry of PRERENDER_ENTRIES) {
      for (const target of entry.targets()) {
        const rendered = await renderPage(target.path, target.language, read(target.language));
        const page = { ...rendered, screen: screenOf(target.path) };
        const html = await composePage(template, assets, page, target.language, (doc) =>
          beasties.process(doc),
        );
        const file = join(outDir, prerenderFile(target.name, target.language));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, html);
        manifest.pages.push(`${target.name}/${target.language}`);
        for (const hash of inlineScriptHashes(html))
          if (!manifest.scriptHashes.includes(hash)) manifest.scriptHashes.push(hash);
      }
    }
    writeFileSync(join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    return manifest.pages.length;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The Vite plugin: prerenders after the client bundle is written. */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let screenOf: ScreenOf = () => NO_SCREEN_ASSETS;
  return {
    name: 'amora-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      if (!config.build.ssr) screenOf = screenOfBundle(bundle, config.root);
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const started = Date.now();
      const count = await prerenderInto(config, screenOf);
      config.logger.info(
        `prerendered ${count} pages into ${PRERENDER_DIR}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
