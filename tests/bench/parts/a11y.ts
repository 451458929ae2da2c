/** axe violations on every built screen that tests/e2e/a11y.spec.ts checks, counted per route. */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { withServerAndChromium } from '../lib/browser';
import { buildClient } from '../lib/client-build';
import { DEMO, loginAs } from '../lib/member-session';
import type { Part, Row } from '../lib/report';

const SPEC = 'tests/e2e/a11y.spec.ts';

/**
 * The string array `const NAME = [...]` of the a11y spec. Importing the spec would register
 * Playwright tests outside the runner, so its lists are read from the source: one list, no drift.
 */
function specList(source: string, name: string): string[] {
  const match = new RegExp(`(?:const ${name} =|${name}\\()\\s*\\[([^\\]]*)\\]`).exec(source);
  const items = match?.[1]?.match(/'[^']*'/g)?.map((s) => s.slice(1, -1));
  if (!items?.length) throw new Error(`${SPEC} has no ${name} list any more`);
  return items;
}

async function check(page: Page, url: string, tags: string[], label: string): Promise<Row> {
  await page.goto(url);
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  const result = await new AxeBuilder({ page }).withTags(tags).analyze();
  return {
    screen: label,
    violations: result.violations.length,
    'elements affected': result.violations.reduce((n, v) => n + v.nodes.length, 0),
    rules: result.violations.map((v) => v.id).join(', ') || '–',
  };
}

/** Registered in run.ts's PARTS; runs alone as `npm run bench -- a11y`. */
export const a11yPart: Part = {
  name: 'a11y',
  async run() {
    const source = readFileSync(SPEC, 'utf8');
    const publicScreens = specList(source, 'PUBLIC_SCREENS');
    const memberScreens = specList(source, 'MEMBER_SCREENS');
    const tags = specList(source, 'withTags');
    const app = await buildClient();
    const rows: Row[] = [];
    await withServerAndChromium(app.root, 'a11y-data', async (serverUrl, browser) => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await phone.newPage();
        for (const path of publicScreens) {
          rows.push(await check(page, `${serverUrl}${path}`, tags, `${path} (logged out, phone)`));
        }
      } finally {
        await phone.close();
      }
      const desktop = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      try {
        const page = await desktop.newPage();
        await loginAs(page, serverUrl, DEMO);
        for (const path of memberScreens) {
          rows.push(
            await check(page, `${serverUrl}${path}`, tags, `${path} (demo member, desktop)`),
          );
        }
      } finally {
        await desktop.close();
      }
    });
    return {
      note:
        `axe-core (@axe-core/playwright) with the tags of ${SPEC} (${tags.join(', ')}) on its screens, ` +
        'in headless Chromium against the real server on the bench build. Target: 0 on every screen.',
      rows,
    };
  },
};
