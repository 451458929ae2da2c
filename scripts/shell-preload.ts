/**
 * The app shell (index.html) asks for its route screen's files while the entry loads. The shell
 * answers a member's pages (and every page offline, from the service worker), and there the app
 * found its first screen only after the entry had run: the map of screens, then the screen's own
 * chunks, each one more trip through the service worker. An inline script in the head now
 * matches the address against the route table (the same patterns, in the same order) and adds a
 * module preload for the map of screens and for each file of the route's screen; the router's own
 * import later finds them loaded. Its hash joins the CSP with the shell's (server/lib/origin.ts).
 * Prerendered pages, built from the same index.html, drop it: their boot script asks for their
 * screen itself (scripts/prerender-html.ts).
 */
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ROUTES, routePatternSource } from '../src/shared/route-table';
import { screenAssetsOf, screenModules } from './screen-assets';

/** The inline script's id, by which composePage leaves it out of prerendered pages. */
export const SHELL_PRELOAD_ID = 'shell-preload';

/** The map of every screen (src/routes.tsx imports it before any screen). */
const SCREENS_MODULE = 'src/screens.ts';

/**
 * One route pattern's regular expression and the indexes of its files in a shared list, so a
 * file that several screens need is written once.
 */
export interface ShellPreloadTable {
  files: string[];
  routes: [pattern: string, files: number[]][];
}

/** Route patterns (aliases included, table order) with the files their screen needs first. */
export function shellPreloadTable(bundle: Rolldown.OutputBundle, root: string): ShellPreloadTable {
  const modules = screenModules(resolve(root, SCREENS_MODULE));
  const assetsOf = screenAssetsOf(bundle, root);
  const screensMap = assetsOf(SCREENS_MODULE).js;
  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const routes: ShellPreloadTable['routes'] = [];
  for (const route of ROUTES) {
    const module = modules.get(route.screen);
    const screen = module ? assetsOf(module).js : [];
    // No chunk of its own (or a module the build lacks): the route is left to the router.
    if (!screen.length) continue;
    const wanted = [...new Set([...screensMap, ...screen])].map(indexOf);
    for (const path of [route.path, ...(route.aliases ?? [])])
      routes.push([routePatternSource(path), wanted]);
  }
  return { files, routes };
}

/**
 * The script: the first pattern that matches the page's path adds its files as module preloads.
 * An unknown path (the 404 page) asks for nothing.
 */
export function shellPreloadScript(table: ShellPreloadTable): string {
  // Data inside an inline script: no "</script>" may end it early.
  const data = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(f,r){var p=location.pathname,d=document;for(var i=0;i<r.length;i++)` +
    `if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(n){var e=d.createElement('link');` +
    `e.rel='modulepreload';e.crossOrigin='anonymous';e.href=f[n];d.head.appendChild(e)});return}})` +
    `(${data(table.files)},${data(table.routes)})`
  );
}

/** The Vite plugin: writes the script into the built index.html's head. */
export function shellPreload(): Plugin {
  let root = process.cwd();
  return {
    name: 'amora-shell-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const script = shellPreloadScript(shellPreloadTable(bundle, root));
        // Right after the entry's tag, before the style sheet: an inline script after a style
        // sheet waits until it has loaded (the parser holds scripts for pending style sheets).
        const entry = /<script type="module"[^>]*><\/script>/.exec(html);
        if (!entry)
          throw new Error('index.html has no module entry for the shell preload to follow');
        const at = entry.index + entry[0].length;
        return `${html.slice(0, at)}<script id="${SHELL_PRELOAD_ID}">${script}</script>${html.slice(at)}`;
      },
    },
  };
}
