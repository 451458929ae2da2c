/**
 * The member lander's place ("Utrecht, Netherlands") as the server wrote it into this prerendered
 * page (member-slots.ts). The app shows the same member in the same words, and reading them here
 * spares building the country names at hand-over: their first use is one long task on a phone.
 */
import { PRERENDER_CONTAINER_ID } from '../shared/prerender/container';

/** The attribute on the place that names its member (a slot the server fills). */
export const PLACE_MEMBER_ATTRIBUTE = 'data-member';

let written: { member: string; lng: string; place: string } | null | undefined;

/** The place the page was served with for `memberId` in `lng`, or null when it has none. */
export function prerenderedPlace(memberId: number, lng: string): string | null {
  if (written === undefined) {
    const page =
      typeof document === 'undefined' ? null : document.getElementById(PRERENDER_CONTAINER_ID);
    const place = page?.querySelector<HTMLElement>(`.ml2-place[${PLACE_MEMBER_ATTRIBUTE}]`);
    written =
      page && place
        ? {
            member: place.getAttribute(PLACE_MEMBER_ATTRIBUTE) ?? '',
            lng: page.dataset['lng'] ?? '',
            place: place.textContent ?? '',
          }
        : null;
  }
  return written && written.member === String(memberId) && written.lng === lng
    ? written.place
    : null;
}
