/**
 * Turns the built index.html and one rendered page into the prerendered document: the page's
 * language and title, its markup in its own container, the critical CSS inline, and one inline
 * script that loads the app's style sheet and code only after the first paint.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../src/shared/contract/fields';
import { LANGUAGE_TAGS } from '../src/shared/languages';
import { PRERENDER_CONTAINER_ID, type RenderedPage } from '../src/shared/prerender/pages';
import { MEMBER_SCREEN_ATTRIBUTE } from '../src/shared/prerender/member-screens';
import { SITE_SLOTS, SITE_VALUES_ID, siteSlotAttribute } from '../src/shared/prerender/site-slots';
import { escapeHtml, slotMarker } from '../src/shared/prerender/slots';
import type { ScreenAssets } from './screen-assets';
import { SHELL_PRELOAD_ID } from './shell-preload';

/** What the built index.html loads, read once per build. */
export interface PageAssets {
  /** The entry module. */
  entry: string;
  /** Its static imports, preloaded together with it. */
  modulePreloads: string[];
  /** The app's main style sheet. */
  styleSheet: string;
  /** Every style sheet of the build, so critical CSS also finds rules of lazy screens. */
  allStyleSheets: string[];
  /** The web app manifest, linked by the boot script once the page has been shown. */
  manifest?: string;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Reads the entry, preloads and style sheets from the built index.html. */
export function pageAssets(template: string, outDir: string): PageAssets {
  const entryTag = /<script type="module"[^>]*\bsrc="[^"]*"[^>]*><\/script>/.exec(template)?.[0];
  const sheetTag = /<link rel="stylesheet"[^>]*>/.exec(template)?.[0];
  const entry = entryTag && attr(entryTag, 'src');
  const styleSheet = sheetTag && attr(sheetTag, 'href');
  if (!entry || !styleSheet) throw new Error('index.html has no module entry or style sheet');
  const modulePreloads = [...template.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) =>
    attr(m[0], 'href')!,
  );
  const allStyleSheets = readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => `/assets/${f}`);
  const manifestTag = /<link rel="manifest"[^>]*>/.exec(template)?.[0];
  const manifest = manifestTag && attr(manifestTag, 'href');
  return { entry, modulePreloads, styleSheet, allStyleSheets, ...(manifest && { manifest }) };
}

/**
 * The one inline script of a prerendered page (its hash goes into the CSP). At once it holds back
 * a form sent before the app is there and notes a button tapped (the reveal sends the form again
 * through the app and taps the app's twin of the button, see src/prerender/reveal.ts). Once the images the head preloads (the page's largest paint) have
 * arrived and the frame that shows them is out (the next frame has begun), it links the manifest
 * (browsers fetch it as soon as it is linked, beside that paint, and need it only to install),
 * adds the style sheets (the app's and the route screen's, marked for the reveal to wait on, and
 * applied together once all have arrived: the app's alone would override the screen's rules that
 * the inline critical CSS holds, and move the page), preloads the messages and the entry's
 * imports, imports those (the libraries' chunk among them) and, in a task after they have run,
 * the entry, and preloads the screen's own files (the container's `data-js`), each step in a task
 * of its own: adding a module preload costs the main thread a few ms each on a phone, and
 * evaluating the libraries and the app together was one long task. The screen so arrives with
 * the entry, not after the router has asked for it. The app's files never share the first
 * moments' bandwidth or main thread with that paint. A hidden tab starts at once, and every page
 * by 1.5 s whatever happened.
 */
export function bootScript(assets: PageAssets): string {
  const a = JSON.stringify({
    css: assets.styleSheet,
    js: assets.entry,
    pre: assets.modulePreloads,
    id: PRERENDER_CONTAINER_ID,
    man: assets.manifest,
  });
  return (
    `(function(a){var d=document,s=0,c=d.getElementById(a.id);function l(r,h,x,m){var e=d.createElement('link');` +
    `e.rel=r;e.href=h;if(m)e.media=m;if(x){e.as=x;e.crossOrigin='anonymous'}d.head.appendChild(e);return e}` +
    `if(c)c.addEventListener('submit',function(e){e.preventDefault();` +
    `c.setAttribute('data-submitted',String([].indexOf.call(c.querySelectorAll('form'),e.target)))},true);` +
    `if(c)c.addEventListener('click',function(e){var b=e.target.closest?e.target.closest('button'):null;` +
    `if(b&&b.type!=='submit'){e.preventDefault();` +
    `c.setAttribute('data-tapped',String([].indexOf.call(c.querySelectorAll('button'),b)))}},true);` +
    `function w(n){return c&&c.dataset[n]?c.dataset[n].split(' '):[]}` +
    `function pre(f){f.forEach(function(h){l('modulepreload',h)})}` +
    `function go(){if(s)return;s=1;var k=[a.css].concat(w('css')).map(function(h){var e=l('stylesheet',h,0,'not all');` +
    `e.setAttribute('data-app-css','');e.addEventListener('load',on);e.addEventListener('error',on);return e}),m=k.length;` +
    `function on(){if(--m===0)k.forEach(function(e){e.media='all'})}if(a.man)l('manifest',a.man);` +
    `if(c&&c.dataset.lng)l('preload','/_i18n/'+c.dataset.lng+'/messages.json','fetch');` +
    `setTimeout(function(){pre(a.pre);setTimeout(function(){Promise.all(a.pre.map(function(h){return import(h)})).then(function(){setTimeout(function(){import(a.js)},0)});setTimeout(function(){pre(w('js'))},0)},0)},0)}` +
    `function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}` +
    `var p=[].slice.call(d.querySelectorAll('link[rel=preload][as=image]')),n=p.length;` +
    `function one(){if(--n===0)painted()}` +
    `if(d.visibilityState==='hidden'||!window.requestAnimationFrame)go();else if(!n)painted();` +
    `else p.forEach(function(e){if(performance.getEntriesByName(e.href).length)one();` +
    `else{e.addEventListener('load',one);e.addEventListener('error',one)}});setTimeout(go,1500)})(${a});`
  );
}

/**
 * The route's screen files beyond the entry's, for the boot script to ask for with the entry:
 * space-separated addresses in `data-js` and `data-css` of the page's container, and the screen's
 * key in `data-screen`, so the app imports the screen's chunk (the first of `data-js`) directly
 * (src/prerender/first-screen.ts).
 */
function screenAttributes(screen: ScreenAssets | undefined): string {
  if (!screen) return '';
  const list = (name: string, files: string[]) =>
    files.length ? ` ${name}="${escapeHtml(files.join(' '))}"` : '';
  const key =
    screen.screen && screen.js.length ? ` data-screen="${escapeHtml(screen.screen)}"` : '';
  return key + list('data-js', screen.js) + list('data-css', screen.css);
}

/** The hidden element whose attributes hand the server-filled site slots to the app. */
function siteValuesElement(): string {
  const attrs = SITE_SLOTS.map((slot) => `${siteSlotAttribute(slot)}="${slotMarker(slot)}"`);
  return `<div id="${SITE_VALUES_ID}" hidden ${attrs.join(' ')}></div>`;
}

/**
 * The prerendered document for one page. `inlineCss` runs beasties on the document while every
 * style sheet is still linked; the links are then dropped, since the boot script adds the app's.
 * `member` marks the container of a member's screen template (member-screens.ts).
 */
export async function composePage(
  template: string,
  assets: PageAssets,
  rendered: RenderedPage & { screen?: ScreenAssets; member?: boolean },
  language: Language,
  inlineCss: (html: string) => Promise<string>,
): Promise<string> {
  const renderedBody = rendered.html.replace(/<title>[\s\S]*?<\/title>/, '');
  // React writes a page's preloads (react-dom's preload()) before its markup; in the head they are
  // asked for before the parser has read the inline CSS.
  const preloads = /^(?:<link rel="preload"[^>]*>)*/.exec(renderedBody)![0];
  const body = renderedBody.slice(preloads.length);
  const sheets = assets.allStyleSheets.map((href) => `<link rel="stylesheet" href="${href}">`);
  let html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${LANGUAGE_TAGS[language]}"`)
    .replace(/<title>[\s\S]*?<\/title>/, `${preloads}<title>${rendered.title}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*"/,
      (_all, start: string) => `${start}${escapeHtml(rendered.description)}"`,
    )
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(new RegExp(`\\s*<script id="${SHELL_PRELOAD_ID}">[\\s\\S]*?</script>`), '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<link rel="manifest"[^>]*>/, '')
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    .replace('</head>', `${sheets.join('')}</head>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      `<div id="${PRERENDER_CONTAINER_ID}" data-lng="${language}"${screenAttributes(rendered.screen)}` +
        `${rendered.member ? ` ${MEMBER_SCREEN_ATTRIBUTE}` : ''}>` +
        `${body}</div>` +
        `<div id="root" hidden></div>${siteValuesElement()}`,
    );
  html = await inlineCss(html);
  html = html
    .replace(/\s*<link rel="(?:stylesheet|preload)"[^>]*\bas="style"[^>]*>/g, '')
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  if (!html.includes(`id="${PRERENDER_CONTAINER_ID}"`))
    throw new Error('index.html has no <div id="root"></div> to put the page in');
  return html.replace('</body>', `<script>${bootScript(assets)}</script></body>`);
}
