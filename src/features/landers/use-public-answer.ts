/**
 * The thin data side of the acquisition pages: asks the sync worker (loaded after first paint, so
 * the headline never waits for it) and reports what came back. The worker keeps landers for
 * offline visits; a stored answer says so, and a failure says whether the network was the cause.
 */
import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import type { SyncRemote } from '../../bridges/worker-bridge';
import type { PublicAnswer } from '../../bridges/worker-bridge';

export type AnswerState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; stored: boolean }
  | { status: 'failed'; offline: boolean; httpStatus: number | null };

/** Runs `load` against the worker whenever `key` changes; stale answers are dropped. */
export function usePublicAnswer<T>(
  key: string,
  load: (sync: SyncRemote) => Promise<PublicAnswer<T>>,
): AnswerState<T> {
  const [state, setState] = useState<{ key: string; value: AnswerState<T> }>({
    key,
    value: { status: 'loading' },
  });

  const loadNow = useEffectEvent((sync: SyncRemote) => load(sync));

  useEffect(() => {
    let live = true;
    // The page with its members is a large render: as a transition React draws it in slices, so a
    // tap on the page meanwhile is never held up by it.
    const settle = (value: AnswerState<T>) => {
      if (live) startTransition(() => setState({ key, value }));
    };
    const run = async () => {
      const bridge = await import('../../bridges/worker-bridge');
      try {
        const answer = await loadNow(bridge.getSync());
        settle({ status: 'ready', data: answer.data, stored: answer.stored });
      } catch (error) {
        console.warn('Lander data could not be loaded', error);
        const sync = bridge.isSyncError(error) ? error : null;
        settle({
          status: 'failed',
          offline: sync?.kind === 'network',
          httpStatus: sync?.status ?? null,
        });
      }
    };
    run().catch((error: unknown) => {
      console.warn('The sync worker could not be started', error);
      settle({ status: 'failed', offline: true, httpStatus: null });
    });
    return () => {
      live = false;
    };
  }, [key]);

  return state.key === key ? state.value : { status: 'loading' };
}
