/**
 * A tap on a button of the prerendered copy before the app took over: the boot script keeps which
 * button it was (its index among the copy's buttons, in the container's `data-tapped`), and the
 * app's twin of that button is clicked once the app's page is in place. The twin must match: the
 * same words, label and state, in the same card (the link beside it), so a tap never lands on
 * another member's button when the app draws something else than the server's copy did.
 */

/** What tells a button apart from its neighbours: its words, label, state and card. */
function signature(button: HTMLButtonElement): string {
  const card = button.closest('li, article')?.querySelector('a[href]')?.getAttribute('href');
  return [
    button.textContent?.trim() ?? '',
    button.getAttribute('aria-label') ?? '',
    button.getAttribute('aria-pressed') ?? '',
    card ?? '',
  ].join('\u0000');
}

/** The app's twin of the copy's tapped button, or null (no tap, or no button that matches). */
export function tappedTwin(copy: HTMLElement, app: ParentNode): HTMLButtonElement | null {
  const index = Number(copy.dataset.tapped ?? -1);
  if (index < 0) return null;
  const tapped = copy.querySelectorAll('button')[index];
  const twin = app.querySelectorAll('button')[index];
  return tapped && twin && signature(tapped) === signature(twin) ? twin : null;
}
