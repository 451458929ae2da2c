/**
 * The member of a prerendered member lander (pages.ts `memberLanderPage`): a card whose every value
 * is a slot marker, so one file per language serves every member. The server's `member-card`
 * filler writes the member in (server/services/member-lander-prerender.ts); a member without a
 * photo, or one who may not be shown, gets the app shell instead, which draws those cases itself.
 */
import type { Profile } from '../contract/fields';
import { slotMarker } from './slots';

/** The slots a member lander carries, with what the filler writes into each. */
export const MEMBER_SLOTS = {
  /** The member id, in links (sign-up with `profile=`, the conversation). */
  id: 'member.id',
  name: 'member.name',
  /** The whole photo address, CDN prefix included. */
  photo: 'member.photo',
  /** "29 years" in the page's language; empty when the member keeps the age private. */
  age: 'member.age_text',
  /** "Utrecht, Netherlands" in the page's language; empty when neither is known. */
  place: 'member.place',
} as const;

/**
 * The card the screen renders while the build prerenders it. Its id and its texts are markers,
 * not a real member: the id is typed as a number because the screen builds links from it, and
 * the marker lands in those links as text, where the filler replaces it.
 */
export const SLOT_PROFILE: Profile = {
  id: slotMarker(MEMBER_SLOTS.id) as unknown as number,
  name: slotMarker(MEMBER_SLOTS.name),
  age: null,
  city: null,
  country: null,
  language: 'en',
  main_image: { thumb_filename: slotMarker(MEMBER_SLOTS.photo) },
};
