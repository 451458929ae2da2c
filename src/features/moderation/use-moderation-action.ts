/**
 * Runs one moderation action through the worker: which one is running, the translated refusal
 * when the server says no, a toast when it worked, and then the view loads again.
 */
import { useCallback, useState } from 'react';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import type { ModerationRequest } from '../../bridges/worker-bridge';
import { failureKey, type ModerationErrorKey } from './moderation-view';

/** Which control is busy: the action and what it is about (report, photo or member). */
export const busyKey = (request: ModerationRequest): string =>
  `${request.action}:${request.complaint ?? request.image ?? request.member}`;

export interface ModerationRunner {
  busy: string | null;
  problem: ModerationErrorKey | null;
  clearProblem: () => void;
  /** Resolves true when the server recorded the action. */
  run: (request: ModerationRequest, doneText: string) => Promise<boolean>;
}

/** `onDone` reloads the view, so it shows the state the server now has. */
export function useModerationAction(onDone: () => void): ModerationRunner {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<ModerationErrorKey | null>(null);

  const run = useCallback(
    async (request: ModerationRequest, doneText: string) => {
      setBusy(busyKey(request));
      setProblem(null);
      try {
        await getSync().moderate(request);
        toast.success(doneText);
        onDone();
        return true;
      } catch (error) {
        console.warn('Moderation action failed', error);
        setProblem(failureKey(error));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [onDone],
  );
  const clearProblem = useCallback(() => setProblem(null), []);
  return { busy, problem, clearProblem, run };
}

/** Which of a photo's two actions is running, if any. */
export function photoBusy(
  busy: string | null,
  member: number,
  image: number,
): 'approve_photo' | 'hide_photo' | null {
  for (const action of ['approve_photo', 'hide_photo'] as const) {
    if (busy === busyKey({ action, member, image })) return action;
  }
  return null;
}
