/**
 * A button tapped on the prerendered copy before the app took over (src/prerender/early-taps.ts):
 * the app's twin is found only when it is the same button in the same card.
 */
import { describe, expect, it } from 'vitest';
import { tappedTwin } from '../../src/prerender/early-taps';

/** A grid of member cards, each with its link and a like button, as the screens draw them. */
function grid(members: number[], pressed: number[] = []): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = members
    .map(
      (id) =>
        `<li><a href="/members/${id}">Member ${id}</a>` +
        `<button type="button" aria-label="Like" aria-pressed="${pressed.includes(id)}">♥</button></li>`,
    )
    .join('');
  return root;
}

function tapped(copy: HTMLElement, index: number): HTMLElement {
  copy.dataset.tapped = String(index);
  return copy;
}

describe("the app's twin of a button tapped early", () => {
  it('is the same button of the same card', () => {
    const app = grid([1, 2, 3]);
    expect(tappedTwin(tapped(grid([1, 2, 3]), 1), app)).toBe(app.querySelectorAll('button')[1]);
  });

  it('is none when no button was tapped', () => {
    expect(tappedTwin(grid([1, 2]), grid([1, 2]))).toBeNull();
  });

  it("is none when the app draws another member's card there", () => {
    expect(tappedTwin(tapped(grid([1, 2, 3]), 1), grid([1, 4, 3]))).toBeNull();
  });

  it('is none when the button changed state meanwhile, or is not there', () => {
    expect(tappedTwin(tapped(grid([1, 2]), 1), grid([1, 2], [2]))).toBeNull();
    expect(tappedTwin(tapped(grid([1, 2]), 1), grid([1]))).toBeNull();
  });
});
