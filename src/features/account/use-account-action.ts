/** One account call at a time per form, with its failure as text (see account-errors.ts). */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountProblem, type AccountProblem } from './account-errors';

export interface AccountAction {
  busy: boolean;
  problem: AccountProblem | null;
  setProblem: (problem: AccountProblem | null) => void;
  /** Runs `call` unless one is running; resolves its result, or undefined when it failed. */
  run: <T>(call: () => Promise<T>) => Promise<T | undefined>;
}

export function useAccountAction(): AccountAction {
  const { t, i18n } = useTranslation();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AccountProblem | null>(null);

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      // A second tap while the first request is under way is ignored (SPEC §4).
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setProblem(null);
      try {
        return await call();
      } catch (error) {
        console.warn('Account call failed', error);
        setProblem(accountProblem(error, t, i18n));
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [t, i18n],
  );

  return { busy, problem, setProblem, run };
}
