/** A part the page can do without is left out when its code cannot be loaded, never an error page. */
import { act, Component, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyOptional } from '../../src/app/optional-part';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>error page</p> : this.props.children;
  }
}

async function renderPage(part: ReactNode): Promise<HTMLElement> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <Boundary>
        <main>screen</main>
        <Suspense fallback={null}>{part}</Suspense>
      </Boundary>,
    );
  });
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('optional parts', () => {
  it('shows the part once its code is there', async () => {
    const Banner = lazyOptional('The banner', async () => () => <aside>new version</aside>);
    const host = await renderPage(<Banner />);
    expect(host.textContent).toBe('screennew version');
  });

  it('leaves the part out, and the screen up, when its code cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failed = new TypeError('error loading dynamically imported module: /assets/x.js');
    const Banner = lazyOptional('The banner', () => Promise.reject(failed));
    const host = await renderPage(<Banner />);
    expect(host.textContent).toBe('screen');
    expect(warn).toHaveBeenCalledWith(
      'The banner could not be loaded; the page goes on without it.',
      failed,
    );
  });
});
