/**
 * The hand-over from a prerendered page to the app. The server's HTML sits in its own container;
 * the app renders into #root, taken out of the document meanwhile (so the page never holds two
 * copies of a form or a heading), and once the route's screen has mounted and no screen holds the
 * reveal (content still loading), one synchronous step puts #root where the copy was.
 */
import type { Language } from '../shared/contract/fields';
import { isLanguage } from '../shared/languages';
import { carryOverFields } from './carry-over';
import { tappedTwin } from './early-taps';
import { MEMBER_SCREEN_ATTRIBUTE, PRERENDER_CONTAINER_ID } from '../shared/prerender/container';

/** A hold that is never released (a request that hangs) ends after this long. */
export const HOLD_LIMIT_MS = 4000;

let holds = 0;
let armed = false;
let done = false;
let resolveRevealed: () => void = () => undefined;
/** Settles once the app's own page is on screen (at once for a page without a prerendered copy). */
export const revealed = new Promise<void>((resolve) => (resolveRevealed = resolve));

function container(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(PRERENDER_CONTAINER_ID);
}

/** The language the server rendered this page in, or undefined for the plain app shell. */
export function prerenderedLanguage(): Language | undefined {
  const lng = container()?.dataset.lng;
  return isLanguage(lng) ? lng : undefined;
}

/** Whether the server's copy of the page is still what the page shows (the app renders out of sight). */
export function prerenderedCopyShown(): boolean {
  return container() !== null;
}

/** Whether the copy is a member's first screen the server drew, not a visitor's public page. */
export function prerenderedMemberScreen(): boolean {
  return container()?.hasAttribute(MEMBER_SCREEN_ATTRIBUTE) ?? false;
}

let nativeScrollTo: typeof window.scrollTo | null = null;

/**
 * While the prerendered copy shows, the visitor reads and scrolls it; the router's first render
 * resets the scroll to the top (ScrollRestoration), which must not move that page. Call once at
 * boot; the reveal puts scrolling back.
 */
export function keepVisitorScroll(): void {
  if (!container() || nativeScrollTo) return;
  nativeScrollTo = window.scrollTo.bind(window);
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
}

let detachedRoot: HTMLElement | null = null;

/**
 * The element the app renders into: #root itself, or on a prerendered page #root taken out of the
 * document until the reveal puts it in place of the prerendered copy.
 */
export function appRootElement(): HTMLElement | null {
  if (detachedRoot) return detachedRoot;
  const root = document.getElementById('root');
  if (root && container()) {
    root.remove();
    root.hidden = false;
    detachedRoot = root;
  }
  return root;
}

function swap(): void {
  const pre = container();
  const root = detachedRoot;
  if (pre && root) {
    const y = window.scrollY;
    const focus = carryOverFields(pre, root);
    const submitted = root.querySelectorAll('form')[Number(pre.dataset.submitted ?? -1)];
    const tapped = tappedTwin(pre, root);
    pre.replaceWith(root);
    detachedRoot = null;
    focus?.focus({ preventScroll: true });
    // A form the visitor sent early goes now, once the app has taken in the carried values.
    if (submitted) setTimeout(() => submitted.requestSubmit(), 0);
    // A button tapped early too (a like on a member's card), when the app drew the same button.
    if (tapped) setTimeout(() => tapped.click(), 0);
    // Same layout, same place: keep the visitor where they had scrolled to.
    if (window.scrollY !== y) (nativeScrollTo ?? window.scrollTo.bind(window))(0, y);
  }
  if (nativeScrollTo) {
    const restore = nativeScrollTo;
    // After this commit's effects (the router's first scroll reset among them).
    queueMicrotask(() => (window.scrollTo = restore));
  }
  resolveRevealed();
}

let styleSheetFailed = false;

/** Without its style sheet the app still works; the page it shows now is styled inline. */
function onStyleSheetError(): void {
  styleSheetFailed = true;
  maybeReveal();
}

/** A style sheet the boot script added (the app's, the screen's) that has not loaded yet. */
function pendingStyleSheet(): HTMLLinkElement | null {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-app-css]');
  return [...links].find((link) => !link.sheet) ?? null;
}

function maybeReveal(): void {
  if (done || !armed || holds > 0) return;
  const sheet = container() && !styleSheetFailed ? pendingStyleSheet() : null;
  if (sheet) {
    // Screens after this one need the whole style sheet; the inline critical CSS covers only this page.
    sheet.addEventListener('load', maybeReveal, { once: true });
    sheet.addEventListener('error', onStyleSheetError, { once: true });
    return;
  }
  done = true;
  swap();
}

/** Called once the route's screen has committed (RootLayout); reveals unless a screen holds. */
export function armReveal(): void {
  armed = true;
  maybeReveal();
}

/** Keeps the prerendered copy up while content loads; call the returned function when it is there. */
export function holdReveal(limitMs = HOLD_LIMIT_MS): () => void {
  if (done) return () => undefined;
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds -= 1;
    // A hold usually ends in a layout effect's cleanup, which React runs while it changes the
    // page and its event system is off: carried-over values would never reach the app's state.
    // The reveal waits until that commit is over.
    queueMicrotask(maybeReveal);
  };
  const timer = setTimeout(release, limitMs);
  return release;
}

/** True once the app's page is showing. */
export function isRevealed(): boolean {
  return done;
}
