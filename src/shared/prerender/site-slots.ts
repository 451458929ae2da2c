/**
 * The slots every prerendered page carries for the operator's details (server/lib/prerendered-pages.ts
 * fills them). They are also written into one hidden element, so the app shows the same values
 * before it has loaded the settings itself. Shared by the build, the server and the page.
 */
import { SETTINGS_PLACEHOLDERS } from '../page-placeholders';

/** Id of the hidden element that carries the site slots as attributes. */
export const SITE_VALUES_ID = 'prerender-site';

/** Every site slot: the footer's line and year, and the legal pages' settings placeholders. */
export const SITE_SLOTS: readonly string[] = [
  'site.company_line',
  'site.year',
  ...SETTINGS_PLACEHOLDERS.map((name) => `site.${name}`),
];

/** The attribute that carries a site slot: `site.company_line` → `data-site-company-line`. */
export function siteSlotAttribute(slot: string): string {
  return `data-${slot.replace(/[._]/g, '-')}`;
}
