/**
 * The hand-over as React meets it: a screen that holds the reveal while it loads, then shows a
 * controlled form. What the visitor typed into the prerendered copy must end in the form's state.
 */
import { act, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as RevealModule from '../../src/prerender/reveal';

type Reveal = typeof RevealModule;

/** A controlled e-mail field, as the sign-up's first step has it. */
function EmailForm({ onValue }: { onValue: (value: string) => void }) {
  const [email, setEmail] = useState('');
  onValue(email);
  return (
    <form>
      <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
    </form>
  );
}

/** Loads, holding the reveal; the hold ends in the layout effect's cleanup of that commit. */
function LoadingScreen({
  reveal,
  loading,
  onValue,
}: {
  reveal: Reveal;
  loading: boolean;
  onValue: (value: string) => void;
}) {
  useLayoutEffect(() => (loading ? reveal.holdReveal() : undefined), [loading, reveal]);
  useLayoutEffect(() => reveal.armReveal(), [reveal]);
  return loading ? <p>…</p> : <EmailForm onValue={onValue} />;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('taking over a prerendered form', () => {
  it('keeps what the visitor typed when the reveal follows a hold released in a commit', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    document.body.innerHTML =
      '<div id="prerendered" data-lng="en"><form><input type="email"></form></div>' +
      '<div id="root" hidden></div>';
    vi.resetModules();
    const reveal = await import('../../src/prerender/reveal');
    const typed = document.querySelector<HTMLInputElement>('#prerendered input')!;
    typed.value = 'sanne@example.nl';

    let value = '';
    const onValue = (next: string) => (value = next);
    const root = createRoot(reveal.appRootElement()!);
    await act(async () => {
      root.render(<LoadingScreen reveal={reveal} loading onValue={onValue} />);
    });
    expect(reveal.isRevealed()).toBe(false);

    await act(async () => {
      root.render(<LoadingScreen reveal={reveal} loading={false} onValue={onValue} />);
    });
    await act(async () => {
      await reveal.revealed;
    });

    expect(document.getElementById('prerendered')).toBeNull();
    expect(value).toBe('sanne@example.nl');
    expect(document.querySelector<HTMLInputElement>('#root input')!.value).toBe('sanne@example.nl');
    act(() => root.unmount());
  });
});
