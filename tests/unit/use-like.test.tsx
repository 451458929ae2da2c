import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Bridge from '../../src/bridges/worker-bridge';
import { useLike } from '../../src/features/members/use-like';

/** Worker calls that wait until the test lets them finish. */
const calls = vi.hoisted(() => [] as { kind: string; finish: () => void }[]);
vi.mock('../../src/bridges/worker-bridge', async (importOriginal) => {
  const held = (kind: string) => () =>
    new Promise<void>((resolve) => calls.push({ kind, finish: resolve }));
  return {
    ...(await importOriginal<typeof Bridge>()),
    getSync: () => ({ like: held('like'), unlike: held('unlike') }),
  };
});
// Nothing stored: the profile starts not liked.
vi.mock('../../src/db/queries', () => ({ likeOf: () => Promise.resolve(undefined) }));

describe('like toggle', () => {
  it('sends every tap as the opposite of the last one, also while a call still runs', async () => {
    const { result } = renderHook(() => useLike(12));
    await waitFor(() => expect(result.current.liked).toBe(false));

    await act(async () => void result.current.toggle());
    await act(async () => void result.current.toggle());
    await act(async () => void result.current.toggle());
    expect(calls.map((c) => c.kind)).toEqual(['like', 'unlike', 'like']);
    expect(result.current.busy).toBe(true);

    await act(async () => calls.slice(0, 2).forEach((c) => c.finish()));
    expect(result.current.busy).toBe(true); // the last tap still runs
    await act(async () => calls[2]?.finish());
    expect(result.current.busy).toBe(false);
  });
});
