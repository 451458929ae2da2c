/**
 * The site icon as a data: address in index.html, and so in every prerendered page: a page asks
 * for no icon file beside its first paint. The public folder's favicon.svg stays the one source of
 * the icon; a browser without SVG icons asks for /favicon.ico, as browsers do when none suits them.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export function inlineFavicon(): Plugin {
  // The build's own public folder once Vite has resolved it (builds may run from anywhere).
  let file = resolve('public/favicon.svg');
  return {
    name: 'amora-inline-favicon',
    configResolved(config) {
      if (config.publicDir) file = join(config.publicDir, 'favicon.svg');
    },
    transformIndexHtml(html) {
      if (!html.includes('href="/favicon.svg"'))
        throw new Error('index.html links no /favicon.svg');
      const svg = readFileSync(file, 'utf8').trim().replace(/>\s+</g, '><');
      const address = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace('href="/favicon.svg"', `href="${address}"`);
    },
  };
}
