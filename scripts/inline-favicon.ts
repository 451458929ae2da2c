/**
 * The site icon as a data: address in index.html, and so in every prerendered page: a page asks
 * for no icon file beside its first paint. public/favicon.svg stays the one source of the icon;
 * a browser without SVG icons asks for /favicon.ico, as browsers do when no icon suits them.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function inlineFavicon(file = 'public/favicon.svg'): Plugin {
  return {
    name: 'amora-inline-favicon',
    transformIndexHtml(html) {
      const svg = readFileSync(file, 'utf8').trim().replace(/>\s+</g, '><');
      const address = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      if (!html.includes('href="/favicon.svg"'))
        throw new Error('index.html links no /favicon.svg');
      return html.replace('href="/favicon.svg"', `href="${address}"`);
    },
  };
}
