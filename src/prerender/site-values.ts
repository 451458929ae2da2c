/** The operator's details as the server filled them into this prerendered page (site-slots.ts). */
import { SITE_SLOTS, SITE_VALUES_ID, siteSlotAttribute } from '../shared/prerender/site-slots';

let values: Record<string, string> | null | undefined;

/** The filled site slots of this page, or null on a page that was not prerendered. */
export function prerenderedSiteValues(): Record<string, string> | null {
  if (values !== undefined) return values;
  const element = typeof document === 'undefined' ? null : document.getElementById(SITE_VALUES_ID);
  values = element
    ? Object.fromEntries(
        SITE_SLOTS.map((slot) => [slot, element.getAttribute(siteSlotAttribute(slot)) ?? '']),
      )
    : null;
  return values;
}
