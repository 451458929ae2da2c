/**
 * The server check of step 0's address (SPEC §4 "Email check status", §5): once the address has
 * '@' and '.', validate_email runs 400 ms after the last keystroke; a newer check cancels the older
 * one in the worker, whose `aborted` rejection means nothing here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import {
  emailFormatError,
  emailStatusOutcome,
  shouldCheckEmailOnServer,
  type EmailStatusOutcome,
} from './signup-validation';

/** Pause after the last keystroke before the address is checked. */
export const EMAIL_CHECK_DEBOUNCE_MS = 400;

export type EmailCheck =
  | { email: string; state: 'checking' }
  | { email: string; state: 'done'; outcome: EmailStatusOutcome; token: string }
  /** No answer (offline) or a failed call; `network` tells them apart. */
  | { email: string; state: 'failed'; network: boolean };

const normal = (email: string) => email.trim().toLowerCase();

export interface EmailChecker {
  /** The latest check of `email` (null when it was not checked). */
  check: EmailCheck | null;
  /** The finished check of `email`, running it now when needed (the submit waits for it). */
  verify: (email: string) => Promise<EmailCheck>;
}

export function useEmailCheck(email: string): EmailChecker {
  const [checks, setChecks] = useState<ReadonlyMap<string, EmailCheck>>(new Map());
  const running = useRef(new Map<string, Promise<EmailCheck | null>>());

  const put = useCallback((key: string, check: EmailCheck | null) => {
    setChecks((previous) => {
      const next = new Map(previous);
      if (check) next.set(key, check);
      else next.delete(key);
      return next;
    });
  }, []);

  /** One call for `key`; null when a check of another address replaced it. */
  const start = useCallback(
    (key: string): Promise<EmailCheck | null> => {
      const known = running.current.get(key);
      if (known) return known;
      put(key, { email: key, state: 'checking' });
      const attempt = getSync()
        .validateEmail(key)
        .then(
          (answer): EmailCheck => ({
            email: key,
            state: 'done',
            outcome: emailStatusOutcome(answer.status),
            token: answer.token,
          }),
          (error: unknown): EmailCheck | null => {
            if (isSyncError(error) && error.kind === 'aborted') return null;
            const network = isSyncError(error) && error.kind === 'network';
            return { email: key, state: 'failed', network };
          },
        );
      running.current.set(key, attempt);
      void attempt.then((check) => {
        running.current.delete(key);
        put(key, check);
      });
      return attempt;
    },
    [put],
  );

  // Debounced check while typing; only addresses that can be valid are sent, each once.
  const key = normal(email);
  const wanted = shouldCheckEmailOnServer(email) && emailFormatError(email) === null;
  const known = checks.get(key);
  const needed = wanted && !known;
  useEffect(() => {
    if (!needed) return;
    const timer = setTimeout(() => void start(key), EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [needed, key, start]);

  const verify = useCallback(
    async (address: string): Promise<EmailCheck> => {
      const wantedKey = normal(address);
      const done = checks.get(wantedKey);
      if (done?.state === 'done') return done;
      // A replaced call is asked again: at submit time this address is the one that counts.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const check = await start(wantedKey);
        if (check) return check;
      }
      return { email: wantedKey, state: 'failed', network: false };
    },
    [checks, start],
  );

  return { check: wanted ? (known ?? null) : null, verify };
}
