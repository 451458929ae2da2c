/** The prerendered document composed from the built index.html and one rendered page. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composePage, pageAssets, type PageAssets } from '../../scripts/prerender-html';

const TEMPLATE =
  '<!doctype html><html lang="en-US"><head><meta charset="UTF-8" />' +
  '<title>Amora</title><meta name="description" content="site" />' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="stylesheet" href="/assets/index.css"></head>' +
  '<body><div id="root"></div><noscript>JavaScript, please</noscript></body></html>';

const ASSETS: PageAssets = {
  entry: '/assets/index.js',
  modulePreloads: [],
  styleSheet: '/assets/index.css',
  allStyleSheets: ['/assets/index.css'],
};

/** A built client folder with the one style sheet pageAssets lists. */
const CLIENT = mkdtempSync(join(tmpdir(), 'amora-prerender-html-'));
mkdirSync(join(CLIENT, 'assets'));
writeFileSync(join(CLIENT, 'assets', 'index.css'), 'body{}');

const compose = (html: string) =>
  composePage(
    TEMPLATE,
    ASSETS,
    { html, title: 'Tonight', description: 'Members near you' },
    'nl',
    async (page) => page,
  );

describe('composing a prerendered page', () => {
  it("moves the page's preloads into the head, before the title and any inline CSS", async () => {
    const poster =
      '<link rel="preload" href="/landers/video-poster.webp" as="image" fetchpriority="high">';
    const page = await compose(
      `${poster}<title>Tonight</title><main><video poster="x"></video></main>`,
    );

    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(`${poster}<title>Tonight</title>`);
    expect(page.slice(page.indexOf('<body>'))).not.toContain('rel="preload"');
    expect(page).toContain('<div id="prerendered" data-lng="nl"><main><video');
  });

  it('leaves a page without preloads as it was rendered', async () => {
    const page = await compose('<title>Tonight</title><main><h1>Hoi</h1></main>');
    expect(page).toContain('<html lang="nl-NL"');
    expect(page).toContain(
      '<title>Tonight</title><meta name="description" content="Members near you"',
    );
    expect(page).toContain('<div id="prerendered" data-lng="nl"><main><h1>Hoi</h1></main></div>');
    expect(page).not.toContain('<noscript>');
  });

  it("names the route screen's own files on the container, for the boot script to ask for", async () => {
    const page = await composePage(
      TEMPLATE,
      ASSETS,
      {
        html: '<main><h1>Hoi</h1></main>',
        title: 'Tonight',
        description: 'Members near you',
        screen: {
          screen: 'lander',
          js: ['/assets/Lander.js', '/assets/join.js'],
          css: ['/assets/Lander.css'],
        },
      },
      'nl',
      async (html) => html,
    );
    // The screen's key too: the app imports the first file by its address (first-screen.ts).
    expect(page).toContain(
      '<div id="prerendered" data-lng="nl" data-screen="lander" ' +
        'data-js="/assets/Lander.js /assets/join.js" data-css="/assets/Lander.css"><main>',
    );
    // The boot script reads them from there: one script for every page, one CSP hash.
    expect(page).toContain("c.dataset[n].split(' ')");
  });

  it('links the manifest from the boot script, once the page has been shown, not from the head', async () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<link rel="manifest" href="/manifest.webmanifest" /></head>',
    );
    const page = await composePage(
      template,
      pageAssets(template, CLIENT),
      { html: '<main><h1>Hoi</h1></main>', title: 'Tonight', description: 'Members near you' },
      'nl',
      async (html) => html,
    );
    expect(page).not.toContain('<link rel="manifest"');
    expect(page).toContain('"man":"/manifest.webmanifest"');
    expect(page).toContain("l('manifest',a.man)");
  });
});
