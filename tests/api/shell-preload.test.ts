/** The app shell's inline script that asks for the route screen's files beside the entry. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composePage } from '../../scripts/prerender-html';
import { screenModules } from '../../scripts/screen-assets';
import {
  SHELL_PRELOAD_ID,
  shellPreloadScript,
  shellPreloadTable,
} from '../../scripts/shell-preload';
import { matchRoute, ROUTES } from '../../src/shared/route-table';
import { fakeBundle, type FakeChunk } from './fake-bundle';

/** The repository: the table reads the real map of screens (src/screens.ts) below it. */
const ROOT = resolve('.');

/** The fake bundle below the repository. */
const bundle = (chunks: Record<string, FakeChunk>) => fakeBundle(ROOT, chunks);

const BUNDLE = bundle({
  'assets/index.js': { entry: true, imports: ['assets/vendor.js'] },
  'assets/vendor.js': {},
  'assets/screens.js': { module: 'src/screens.ts', imports: ['assets/index.js'] },
  'assets/Members.js': {
    module: 'src/features/members/MembersScreen.tsx',
    imports: ['assets/index.js', 'assets/cards.js', 'assets/queries.js'],
  },
  'assets/cards.js': { imports: ['assets/vendor.js'] },
  'assets/queries.js': {},
  'assets/Chat.js': {
    module: 'src/features/chats/ChatScreen.tsx',
    imports: ['assets/queries.js', 'assets/bubbles.js'],
  },
  'assets/bubbles.js': {},
});

/** The addresses the script asks for on a page at `path`, as module preloads. */
function preloadsAt(path: string): string[] {
  const links: { rel: string; href: string; crossOrigin: string }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: '' }),
    head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
  };
  const script = shellPreloadScript(shellPreloadTable(BUNDLE, ROOT));
  new Function('location', 'document', script)({ pathname: path }, document);
  expect(links.every((l) => l.rel === 'modulepreload' && l.crossOrigin === 'anonymous')).toBe(true);
  // The map of screens, the screen's own chunk, then what it imports (in no particular order).
  const [map, screen, ...rest] = links.map((l) => l.href);
  return [map, screen, ...rest.sort()].filter((href) => href !== undefined);
}

describe("the app shell's preload of its route screen", () => {
  it('asks for the map of screens and every file of the member list that the entry lacks', () => {
    expect(preloadsAt('/members')).toEqual([
      '/assets/screens.js',
      '/assets/Members.js',
      '/assets/cards.js',
      '/assets/queries.js',
    ]);
  });

  it('finds a route by its aliases and its parameters, as the route table does', () => {
    expect(preloadsAt('/search')).toEqual(preloadsAt('/members'));
    expect(preloadsAt('/chats/12')).toEqual([
      '/assets/screens.js',
      '/assets/Chat.js',
      '/assets/bubbles.js',
      '/assets/queries.js',
    ]);
    expect(preloadsAt('/chats/12/')).toEqual(preloadsAt('/chats/12'));
  });

  it('asks for nothing on a path the route table does not know, or for a screen the build lacks', () => {
    expect(preloadsAt('/nowhere')).toEqual([]);
    expect(preloadsAt('/chats/12/more')).toEqual([]);
    expect(matchRoute('/likes')).not.toBeNull();
    expect(preloadsAt('/likes')).toEqual([]);
  });

  it('finds for every page the screen matchRoute finds, in the same order of patterns', () => {
    // One chunk per screen module of the real map, named after the module's file.
    const modules = screenModules();
    const chunkOf = (module: string) => `assets/${module.replace(/^.*\//, '')}.js`;
    const chunks: Record<string, FakeChunk> = {
      'assets/index.js': { entry: true },
      'assets/screens.js': { module: 'src/screens.ts' },
    };
    for (const module of modules.values()) chunks[chunkOf(module)] = { module };
    const script = shellPreloadScript(shellPreloadTable(bundle(chunks), ROOT));
    const screenChunkAt = (path: string) => {
      const links: string[] = [];
      const document = {
        createElement: () => ({}),
        head: { appendChild: (link: { href: string }) => links.push(link.href) },
      };
      new Function('location', 'document', script)({ pathname: path }, document);
      return links[1];
    };
    let checked = 0;
    for (const pattern of ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])])) {
      const path = pattern.replace(/\/:\w+\?$/, '').replace(/:\w+/g, '7') || '/';
      const screen = matchRoute(path)?.route.screen;
      if (!screen) continue; // a parameter "7" fails the route's own rule (a lander slug)
      expect(screenChunkAt(path), path).toBe(`/${chunkOf(modules.get(screen)!)}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('stays out of the prerendered pages made from the same index.html', async () => {
    const script = shellPreloadScript(shellPreloadTable(BUNDLE, ROOT));
    const template =
      '<!doctype html><html lang="en-US"><head><title>Amora</title>' +
      '<meta name="description" content="site" />' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      `<link rel="stylesheet" href="/assets/index.css"><script id="${SHELL_PRELOAD_ID}">${script}</script></head>` +
      '<body><div id="root"></div></body></html>';
    const page = await composePage(
      template,
      {
        entry: '/assets/index.js',
        modulePreloads: [],
        styleSheet: '/assets/index.css',
        allStyleSheets: [],
      },
      { html: '<main>Hi</main>', title: 'Hi', description: 'Hello' },
      'en',
      async (html) => html,
    );
    expect(page).not.toContain(SHELL_PRELOAD_ID);
    expect(page).not.toContain('/assets/Members.js');
  });
});
