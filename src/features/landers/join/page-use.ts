/**
 * Whether the visitor has used the page: scrolled, tapped or typed, here or on an earlier lander of
 * the tab, or came for the form (`#join`). JoinSection shows the sign-up form only then: its code
 * (the contract's schemas, the local database, the sync worker) is about half of the script a
 * lander runs while it opens, so now a page opens without it, and a visitor who only reads never
 * runs it. Watching starts with this module, with the lander's screen, so that a quiz answered
 * before the form's section exists (the match-finder) counts too.
 */
import { landerUsedBefore, rememberLanderUsed } from '../lander-memory';
import { JOIN_ID } from '../lander-rules';

const USE_EVENTS = ['scroll', 'pointerdown', 'keydown', 'hashchange'] as const;
const WATCH = { capture: true, passive: true } as const;

const listeners = new Set<() => void>();
/** Used in this document; the tab's storage keeps it for the next one. */
let used = false;

function onUse(event: Event): void {
  // A tap on the section's own link goes to /signup: the form must not replace it first.
  const target = event.target instanceof Element ? event.target : null;
  if (event.type === 'pointerdown' && target?.closest(`#${JOIN_ID}`)) return;
  for (const type of USE_EVENTS) window.removeEventListener(type, onUse, WATCH);
  used = true;
  rememberLanderUsed();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  for (const type of USE_EVENTS) window.addEventListener(type, onUse, WATCH);
}

export function subscribePageUse(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pageUsed(): boolean {
  return used || landerUsedBefore() || window.scrollY > 0 || window.location.hash === `#${JOIN_ID}`;
}
