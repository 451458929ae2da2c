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
import { INTERFACE_LANGUAGES } from '../src/shared/languages';
import {
  MEMBER_SCREEN_MARKER,
  MEMBER_SCREENS,
  memberScreenFile,
  RENDERER_DIR,
  type MemberScreen,
} from '../src/shared/prerender/member-screens';
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

/** The SSR entry's page renderer, as the build calls it. */
type RenderPage = (
  path: string,
  language: Language,
  messages: Record<string, unknown>,
) => Promise<RenderedPage>;

/**
 * Builds the server entry into `out` and loads it. It stays in the build: the server renders a
 * member's first screen with it at request time (src/shared/prerender/member-screens.ts).
 */
async function loadRenderer(
  config: ResolvedConfig,
  out: string,
): Promise<{ renderPage: RenderPage; entryFile: string }> {
  const built = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    css: { preprocessorOptions: config.css.preprocessorOptions },
    // Self-contained: it runs from the build's folder with no node_modules beside it.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/prerender/entry.tsx',
      outDir: out,
      emptyOutDir: true,
      rollupOptions: {
        // Named by content: a server still holding the previous build's renderer imports the new
        // one by its own address, with its own module instances.
        output: { entryFileNames: 'entry-[hash].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  const entryFile = outputs
    .flatMap((o) => o.output)
    .find((chunk) => chunk.type === 'chunk' && chunk.isEntry)?.fileName;
  if (!entryFile) throw new Error('the server entry build wrote no entry chunk');
  const entry = (await import(pathToFileURL(join(out, entryFile)).href)) as {
    renderPage: RenderPage;
  };
  return { renderPage: entry.renderPage, entryFile };
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
    const renderer = await loadRenderer(config, join(outDir, RENDERER_DIR));
    const { renderPage } = renderer;
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

    const manifest: PrerenderManifest = {
      pages: [],
      scriptHashes: [],
      memberScreens: [],
      renderer: `${RENDERER_DIR}/${renderer.entryFile}`,
    };
    const write = (relative: string, html: string) => {
      const file = join(outDir, relative);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
      for (const hash of inlineScriptHashes(html))
        if (!manifest.scriptHashes.includes(hash)) manifest.scriptHashes.push(hash);
    };
    for (const entry of PRERENDER_ENTRIES) {
      for (const target of entry.targets()) {
        const rendered = await renderPage(target.path, target.language, read(target.language));
        const page = { ...rendered, screen: screenOf(target.path) };
        const html = await composePage(template, assets, page, target.language, (doc) =>
          beasties.process(doc),
        );
        write(prerenderFile(target.name, target.language), html);
        manifest.pages.push(`${target.name}/${target.language}`);
      }
    }
    for (const [screen, path] of Object.entries(MEMBER_SCREENS) as [MemberScreen, string][]) {
      const screenAssets = screenOf(path);
      const sheets = [assets.styleSheet, ...screenAssets.css];
      for (const language of INTERFACE_LANGUAGES) {
        const page = {
          html: MEMBER_SCREEN_MARKER,
          title: '',
          description: metaDescription(read(language)),
          screen: screenAssets,
          member: true,
        };
        const html = await composePage(template, assets, page, language, (doc) =>
          inlineSheets(doc, outDir, sheets),
        );
        write(memberScreenFile(screen, language), html);
        manifest.memberScreens!.push(`${screen}/${language}`);
      }
    }
    writeFileSync(join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    return manifest.pages.length;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The site's description in a language's messages (`home.meta_description`). */
function metaDescription(messages: Record<string, unknown>): string {
  const home = messages.home as Record<string, unknown> | undefined;
  const text = home?.meta_description;
  if (typeof text !== 'string') throw new Error('messages lack home.meta_description');
  return text;
}

/**
 * A member's screen is rendered per request, so no critical CSS can be picked at build time for
 * it: the app's and the screen's style sheets go inline whole, and the first paint has every rule
 * the app will apply (no layout shift when the app takes over).
 */
async function inlineSheets(html: string, outDir: string, sheets: string[]): Promise<string> {
  const css = sheets.map((href) => readFileSync(join(outDir, href), 'utf8')).join('\n');
  const style = `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return html.replace('</head>', () => `${style}</head>`);
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
