import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../src/shared/contract/fields';
import { INTERFACE_LANGUAGES } from '../../src/shared/languages';
import { carryOverFields } from '../../src/prerender/carry-over';
import {
  fixedPage,
  matchPrerendered,
  prerenderFile,
  type PrerenderEntry,
} from '../../src/shared/prerender/pages';
import { escapeHtml, fillSlots, slotMarker, slotNames } from '../../src/shared/prerender/slots';

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.useRealTimers();
  vi.resetModules();
});

describe('prerendered page registry', () => {
  it('keeps the interface languages in the order of the contract', () => {
    expect(INTERFACE_LANGUAGES).toEqual([...LANGUAGES]);
  });

  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/pages/terms', 'pages-terms'],
    ['/pages/return-policy', 'pages-return-policy'],
  ])('answers %s with the %s page in the visitor language', (path, name) => {
    expect(matchPrerendered(path, 'nl')).toEqual({
      name,
      language: 'nl',
      params: {},
      filler: undefined,
    });
    expect(prerenderFile(name, 'nl')).toBe(`prerendered/${name}/nl.html`);
  });

  it.each([
    '/members',
    '/pages/unknown',
    '/login/more',
    '/signup/more',
    '/chats/1',
    '/members/0/signup',
    '/members/abc/landing',
    '/members/7/landing2/xx',
    '/members/7/landing3',
  ])('leaves %s to the app shell', (path) => {
    expect(matchPrerendered(path, 'en')).toBeNull();
  });

  it('answers /signup with step 0 of the wizard, through the sign-up filler', () => {
    expect(matchPrerendered('/signup', 'pl')).toEqual({
      name: 'signup',
      language: 'pl',
      params: {},
      filler: 'signup',
    });
  });

  it.each([
    ['/members/7/signup', 'member-signup', 'de', { memberId: '7' }],
    ['/members/7/landing', 'member-landing', 'de', { memberId: '7' }],
    ['/members/7/landing2/she-nl', 'member-landing2', 'nl', { memberId: '7', slug: 'she-nl' }],
    ['/members/7/landing3/eng', 'member-landing3', 'en', { memberId: '7', slug: 'eng' }],
  ])('answers the member lander %s with its card filled per request', (path, name, lng, params) => {
    expect(matchPrerendered(path, 'de')).toEqual({
      name,
      language: lng,
      params,
      filler: 'member-card',
    });
  });

  it('takes a family of pages with its own language rule and filler', () => {
    const lander: PrerenderEntry = {
      name: 'lander-video',
      targets: () => [],
      match: (path: string) => {
        const slug = /^\/landers\/video\/([a-z]{2})$/.exec(path)?.[1];
        return slug === 'nl' || slug === 'de'
          ? { name: 'lander-video', language: slug, params: { slug }, filler: 'members' }
          : null;
      },
    };
    const entries = [fixedPage('home', '/'), lander];
    expect(matchPrerendered('/landers/video/de', 'fr', entries)).toMatchObject({
      name: 'lander-video',
      language: 'de',
      filler: 'members',
    });
    expect(matchPrerendered('/landers/video/xx', 'fr', entries)).toBeNull();
  });
});

describe('slots', () => {
  it('names slots with safe characters only', () => {
    expect(slotMarker('member.name')).toBe('[[slot:member.name]]');
    expect(() => slotMarker('a]]<script>')).toThrow(/Bad slot name/);
  });

  it('escapes every value for text and attributes, and empties unknown slots', () => {
    const html = `<p title="${slotMarker('a')}">${slotMarker('a')} ${slotMarker('b')}</p>`;
    expect(slotNames(html)).toEqual(['a', 'b']);
    expect(fillSlots(html, { a: `<img src=x onerror='1'>&"` })).toBe(
      '<p title="&lt;img src=x onerror=&#39;1&#39;&gt;&amp;&quot;">' +
        '&lt;img src=x onerror=&#39;1&#39;&gt;&amp;&quot; </p>',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('does not read values from the prototype', () => {
    expect(fillSlots(slotMarker('constructor'), {})).toBe('');
  });
});

/** Two copies of a login form: the prerendered one and the app's. */
function forms() {
  document.body.innerHTML =
    '<div id="pre"><input type="email"><input type="password"><select><option>a</option><option>b</option></select></div>' +
    '<div id="app"><input type="email"><input type="text"><select><option>a</option><option>b</option></select></div>';
  const [pre, app] = ['pre', 'app'].map((id) => document.getElementById(id)!);
  return { pre: pre!, app: app! };
}

describe('site values handed to the app', () => {
  it('reads every site slot from the hidden element, decoded', async () => {
    const { SITE_SLOTS, SITE_VALUES_ID, siteSlotAttribute } =
      await import('../../src/shared/prerender/site-slots');
    const attrs = SITE_SLOTS.filter((slot) => slot !== 'site.company_line')
      .map((slot) => `${siteSlotAttribute(slot)}="v:${slot}"`)
      .join(' ');
    document.body.innerHTML =
      `<div id="${SITE_VALUES_ID}" hidden ${attrs} ` +
      `data-site-company-line="Dates &amp; &quot;Co&quot;"></div>`;
    const { prerenderedSiteValues } = await import('../../src/prerender/site-values');
    const values = prerenderedSiteValues()!;
    expect(values['site.company_line']).toBe('Dates & "Co"');
    expect(values['site.year']).toBe('v:site.year');
    expect(values['site.kvk']).toBe('v:site.kvk');
    expect(Object.keys(values)).toEqual([...SITE_SLOTS]);
  });

  it('has none on the plain app shell', async () => {
    const { prerenderedSiteValues } = await import('../../src/prerender/site-values');
    expect(prerenderedSiteValues()).toBeNull();
  });
});

describe('carrying typed values into the app', () => {
  it('copies values in order, as input events, and names the field to focus', () => {
    const { pre, app } = forms();
    const inputs = pre.querySelectorAll('input');
    inputs[0]!.value = 'early@example.com';
    inputs[1]!.value = 'secret';
    pre.querySelector('select')!.value = 'b';
    inputs[1]!.focus();
    const heard: string[] = [];
    app.addEventListener('input', (e) => heard.push((e.target as HTMLInputElement).value));

    const focus = carryOverFields(pre, app);
    const copied = [...app.querySelectorAll('input')].map((i) => i.value);
    expect(copied).toEqual(['early@example.com', 'secret']);
    expect(app.querySelector('select')!.value).toBe('b');
    expect(heard).toEqual(['early@example.com', 'secret']);
    expect(focus).toBe(app.querySelectorAll('input')[1]);
  });

  it('clicks the radio buttons and check boxes the visitor changed, matched by name and value', () => {
    const quiz = () => {
      const form = document.createElement('form');
      form.innerHTML =
        '<input type="radio" name="gender" value="male"><input type="radio" name="gender" value="female">' +
        '<input type="checkbox" name="seeking" value="female"><input type="checkbox" name="seeking" value="male" checked>';
      document.body.append(form);
      return form;
    };
    const pre = quiz();
    const app = quiz();
    (pre.querySelector('[name="gender"][value="female"]') as HTMLInputElement).click();
    (pre.querySelector('[name="seeking"][value="female"]') as HTMLInputElement).click();
    (pre.querySelector('[name="seeking"][value="male"]') as HTMLInputElement).click();
    const clicked: string[] = [];
    app.addEventListener('click', (e) => {
      const input = e.target as HTMLInputElement;
      clicked.push(`${input.name}=${input.value}`);
    });

    carryOverFields(pre, app);
    const state = [...app.querySelectorAll('input')].map((i) => i.checked);
    expect(state).toEqual([false, true, true, false]);
    expect(clicked).toEqual(['gender=female', 'seeking=female', 'seeking=male']);
    pre.remove();
    app.remove();
  });

  it('leaves forms alone when their fields do not pair up', () => {
    const { pre, app } = forms();
    app.querySelector('select')!.remove();
    pre.querySelector('input')!.value = 'x@example.com';
    expect(carryOverFields(pre, app)).toBeNull();
    expect(app.querySelector('input')!.value).toBe('');
  });
});

/** A prerendered page as the server sends it. */
function prerenderedPage(lng = 'nl') {
  document.body.innerHTML =
    `<div id="prerendered" data-lng="${lng}"><h1>Hallo</h1></div>` +
    '<div id="root" hidden><h1>Hallo</h1></div>';
}

/** The reveal module as a fresh page load has it, with the app's root taken out as main.tsx does. */
async function freshReveal() {
  vi.resetModules();
  const reveal = await import('../../src/prerender/reveal');
  reveal.appRootElement();
  return reveal;
}

describe('the hand-over from the prerendered page', () => {
  it('reads the page language and swaps once the screen has mounted', async () => {
    prerenderedPage();
    const reveal = await freshReveal();
    expect(reveal.prerenderedLanguage()).toBe('nl');
    // Until the reveal the page holds one copy only: the prerendered one.
    expect(document.getElementById('root')).toBeNull();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    reveal.armReveal();
    await reveal.revealed;
    expect(document.getElementById('prerendered')).toBeNull();
    expect(document.getElementById('root')!.hidden).toBe(false);
    expect(document.body.firstElementChild!.id).toBe('root');
  });

  it('sends again, through the app, a form the visitor sent before it was there', async () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="prerendered" data-lng="en" data-submitted="0"><form><input type="email"></form></div>' +
      '<div id="root" hidden><form><input type="email"></form></div>';
    const reveal = await freshReveal();
    const root = reveal.appRootElement()!;
    const sent = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('form')!.addEventListener('submit', sent);
    reveal.armReveal();
    expect(sent).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('waits for every hold, and for the app style sheet', async () => {
    prerenderedPage();
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.setAttribute('data-app-css', '');
    document.head.append(sheet);
    const reveal = await freshReveal();
    const release = reveal.holdReveal();
    reveal.armReveal();
    expect(reveal.isRevealed()).toBe(false);
    release();
    await Promise.resolve(); // the reveal waits for the end of the commit that released the hold
    expect(reveal.isRevealed()).toBe(false);
    Object.defineProperty(sheet, 'sheet', { value: {} });
    sheet.dispatchEvent(new Event('load'));
    expect(reveal.isRevealed()).toBe(true);
    expect(document.getElementById('prerendered')).toBeNull();
  });

  it("waits for the screen's style sheet as well as the app's", async () => {
    prerenderedPage();
    const sheets = ['app', 'screen'].map((name) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = `/assets/${name}.css`;
      link.setAttribute('data-app-css', '');
      document.head.append(link);
      return link;
    });
    const reveal = await freshReveal();
    reveal.armReveal();
    const loaded = (link: HTMLLinkElement) => {
      Object.defineProperty(link, 'sheet', { value: {} });
      link.dispatchEvent(new Event('load'));
    };
    loaded(sheets[0]!);
    expect(reveal.isRevealed()).toBe(false);
    loaded(sheets[1]!);
    expect(reveal.isRevealed()).toBe(true);
  });

  it('ends a hold that is never released', async () => {
    vi.useFakeTimers();
    prerenderedPage();
    const reveal = await freshReveal();
    reveal.holdReveal();
    reveal.armReveal();
    expect(reveal.isRevealed()).toBe(false);
    vi.advanceTimersByTime(reveal.HOLD_LIMIT_MS);
    await Promise.resolve();
    expect(reveal.isRevealed()).toBe(true);
  });

  it('keeps the visitor scroll until the swap, then gives scrolling back', async () => {
    prerenderedPage();
    const reveal = await freshReveal();
    const native = window.scrollTo;
    const scrolls = vi.fn();
    window.scrollTo = scrolls as unknown as typeof window.scrollTo;
    try {
      reveal.keepVisitorScroll();
      window.scrollTo(0, 0); // the router's first scroll reset
      expect(scrolls).not.toHaveBeenCalled();
      reveal.armReveal();
      await reveal.revealed;
      await Promise.resolve();
      window.scrollTo(0, 40);
      expect(scrolls).toHaveBeenCalledWith(0, 40);
    } finally {
      window.scrollTo = native;
    }
  });

  it('is a no-op for the plain app shell', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const reveal = await freshReveal();
    const native = window.scrollTo;
    reveal.keepVisitorScroll();
    expect(window.scrollTo).toBe(native);
    expect(reveal.prerenderedLanguage()).toBeUndefined();
    reveal.armReveal();
    await reveal.revealed;
    expect(document.getElementById('root')!.hidden).toBe(false);
  });
});
