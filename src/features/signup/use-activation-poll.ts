/**
 * Step 6's clock (SPEC §4 "Activation mail step"): a tick every 900 ms, each asking the server
 * whether the mail left. A failed or slow answer still counts as a tick, so the step always ends
 * by tick 20, online or not.
 */
import { useEffect, useRef, useState } from 'react';
import { getSync } from '../../bridges/worker-bridge';
import { ACTIVATION_POLL_MS, activationDone } from './activation-progress';

export interface ActivationPoll {
  tick: number;
  delivered: boolean;
}

export function useActivationPoll(onDone: () => void): ActivationPoll {
  const [state, setState] = useState<ActivationPoll>({ tick: 0, delivered: false });
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    let tick = 0;
    let delivered = false;
    let asking = false;
    let finished = false;
    const finishIfDone = () => {
      if (finished || !activationDone(tick, delivered)) return;
      finished = true;
      clearInterval(timer);
      done.current();
    };
    const timer = setInterval(() => {
      tick += 1;
      setState({ tick, delivered });
      finishIfDone();
      if (finished || asking) return;
      asking = true;
      getSync()
        .activationStatus()
        .then((answer) => {
          delivered ||= answer.delivered;
        })
        .catch((error: unknown) => console.warn('Activation status unknown', error))
        .finally(() => {
          asking = false;
          if (finished) return;
          setState({ tick, delivered });
          finishIfDone();
        });
    }, ACTIVATION_POLL_MS);
    return () => {
      finished = true;
      clearInterval(timer);
    };
  }, []);

  return state;
}
