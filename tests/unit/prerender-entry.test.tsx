// @vitest-environment node
// The build runs the entry in Node, without a DOM: so does this test.
import { describe, expect, it } from 'vitest';
import de from '../../locales/de/messages.json';
import en from '../../locales/en/messages.json';
import nl from '../../locales/nl/messages.json';
import { renderPage } from '../../src/prerender/entry';

describe('prerendering a public page', () => {
  it('renders the home page complete, in the language asked for, without a DOM', async () => {
    expect(typeof document).toBe('undefined');
    const page = await renderPage('/', 'nl', nl);
    expect(page.title).toBe(`${nl.home.meta_title} · Amora`);
    expect(page.description).toBe(nl.home.meta_description);
    expect(page.html).toContain(`>${nl.home.title}</h1>`);
    expect(page.html).toContain('class="page-wrapper template-amora is-logged-out route-index');
    expect(page.html).toContain('href="/signup"');
    expect(page.html).not.toContain('aria-busy');
    // The footer's operator line is left to the server.
    expect(page.html).toContain('[[slot:site.company_line]]');
  });

  it('renders the login form', async () => {
    const page = await renderPage('/login', 'en', en);
    expect(page.title).toBe(`${en.login.title} · Amora`);
    expect(page.html).toMatch(/<input[^>]*type="email"/);
    expect(page.html).toMatch(/<input[^>]*type="password"/);
  });

  it('renders a legal page with its text and slots for the operator details', async () => {
    const page = await renderPage('/pages/terms', 'de', de);
    expect(page.html).toContain('<h1 id="page-title" class="static-page-title">');
    expect(page.html).toContain('[[slot:site.company_name]]');
    expect(page.html).not.toContain('static-page-placeholder');
    expect(page.html).not.toContain('{{');
  });

  it('gives the video lander its poster and leaves the video to the app', async () => {
    const page = await renderPage('/landers/video/eng', 'en', en);
    expect(page.html).toMatch(/<video[^>]*poster="\/landers\/video-poster\.webp"/);
    expect(page.html).not.toContain('video.webm');
  });

  it('refuses a page that is not a 200 page', async () => {
    await expect(renderPage('/pages/unknown', 'en', en)).rejects.toThrow(/status 404/);
  });
});
