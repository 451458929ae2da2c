/**
 * The member's data export while the profile screen is open: read once, then polled through the
 * worker every 1.5 s while it is queued or running. Kept in memory only (nothing to show offline).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataExport } from '../../shared/contract/account';
import { getSync } from '../../bridges/worker-bridge';
import { accountProblem, type AccountProblem } from '../account/account-errors';

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 1500;

export interface DataExportState {
  /** undefined while the first answer is awaited; null when the member never asked for one. */
  current: DataExport | null | undefined;
  problem: AccountProblem | null;
  busy: boolean;
  /** Starts an export (or picks up the one under way). */
  start: () => Promise<void>;
}

/** Whether the server is still making it. */
export const underWay = (e: DataExport | null | undefined) =>
  e?.status === 'queued' || e?.status === 'running';

export function useDataExport(): DataExportState {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState<DataExport | null | undefined>(undefined);
  const [problem, setProblem] = useState<AccountProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    getSync()
      .dataExport()
      .then(
        (answer) => {
          if (!live) return;
          setCurrent(answer);
          setProblem(null);
        },
        (error: unknown) => {
          if (live) setProblem(accountProblem(error, t, i18n));
        },
      );
    return () => {
      live = false;
    };
  }, [round, t, i18n]);

  // Each answer (or failure) while under way schedules the next question; leaving stops it.
  useEffect(() => {
    if (!underWay(current)) return undefined;
    const timer = setTimeout(() => setRound((n) => n + 1), EXPORT_POLL_MS);
    return () => clearTimeout(timer);
  }, [current, problem]);

  const start = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      setCurrent(await getSync().startDataExport());
    } catch (error) {
      setProblem(accountProblem(error, t, i18n));
    } finally {
      setBusy(false);
    }
  }, [t, i18n]);

  return { current, problem, busy, start };
}
