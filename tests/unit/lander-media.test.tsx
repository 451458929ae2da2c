/** Moving media on landers: the slideshow advances, pauses, and stays still for reduced motion. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLIDE_MS, Slideshow } from '../../src/features/landers/media/Slideshow';
import { profile } from './helpers/fixtures';
import { setupI18n } from './helpers/i18n';

const members = [
  profile(1, { name: 'Anna' }),
  profile(2, { name: 'Bram' }),
  profile(3, { name: 'Cleo' }),
];

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const active = () => document.querySelector('.lt2-slide.is-active')?.textContent ?? '';

beforeAll(() => setupI18n());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('slideshow', () => {
  it('crossfades to the next member and loops, until paused', () => {
    vi.useFakeTimers();
    reducedMotion(false);
    render(<Slideshow profiles={members} cdnPrefix="/uploads/" />);
    expect(active()).toMatch(/^Anna/);
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active()).toMatch(/^Bram/);
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active()).toMatch(/^Cleo/);
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active()).toMatch(/^Anna/);

    fireEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    act(() => vi.advanceTimersByTime(3 * SLIDE_MS));
    expect(active()).toMatch(/^Anna/);
    fireEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active()).toMatch(/^Bram/);
  });

  it('stays on the first photo, without bars or a button, for reduced motion', () => {
    vi.useFakeTimers();
    reducedMotion(true);
    render(<Slideshow profiles={members} cdnPrefix="/uploads/" />);
    act(() => vi.advanceTimersByTime(5 * SLIDE_MS));
    expect(active()).toMatch(/^Anna/);
    expect(document.querySelector('.lt2-bars')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    // Only the shown slide is exposed to screen readers.
    expect(document.querySelectorAll('.lt2-slide[aria-hidden="false"]')).toHaveLength(1);
  });
});
