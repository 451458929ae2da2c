/**
 * The match-finder's state: which question shows, the answers (kept in the tab as they change),
 * and the count for the finished quiz from the sync worker.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MatchFinderResponse } from '../../shared/contract/landers';
import type { SyncRemote } from '../../bridges/worker-bridge';
import { trafficSource } from '../../lib/tracking';
import {
  matchQuery,
  parseAnswers,
  readAnswers,
  saveAnswers,
  type MatchAnswers,
} from './match-answers';
import { QUIZ_STEPS } from './MatchQuiz';

export type MatchPhase =
  | { kind: 'quiz'; step: number }
  | { kind: 'searching' }
  | { kind: 'results'; result: MatchFinderResponse }
  | { kind: 'failed' };

const sync = async (): Promise<SyncRemote> =>
  (await import('../../bridges/worker-bridge')).getSync();

/** Asks the worker how many members fit; the phase that follows. */
async function count(answers: MatchAnswers): Promise<MatchPhase> {
  try {
    const source = trafficSource(new URLSearchParams(location.search)) ?? undefined;
    const result = await (await sync()).findMatches(matchQuery(answers, source));
    return { kind: 'results', result };
  } catch (error) {
    console.warn('The match-finder count failed', error);
    return { kind: 'failed' };
  }
}

export function useMatchFinder(defaultCountry: string | null) {
  // Answers from earlier in this tab: the quiz opens on its results again.
  const [restored] = useState(() => readAnswers());
  const [draft, setDraft] = useState<Partial<MatchAnswers>>(() => restored?.answers ?? {});
  const [phase, setPhase] = useState<MatchPhase>(() =>
    restored ? { kind: 'searching' } : { kind: 'quiz', step: 0 },
  );
  const [moved, setMoved] = useState(false);

  const country = draft.country ?? defaultCountry ?? undefined;
  const answers = { ...draft, country };

  const search = useCallback((complete: MatchAnswers) => {
    setPhase({ kind: 'searching' });
    void count(complete).then(setPhase);
  }, []);

  useEffect(() => {
    if (!restored) return;
    let live = true;
    void count(restored.answers).then((next) => live && setPhase(next));
    return () => {
      live = false;
    };
  }, [restored]);

  const update = (patch: Partial<MatchAnswers>) => setDraft((was) => ({ ...was, ...patch }));

  const next = () => {
    if (phase.kind !== 'quiz') return;
    setMoved(true);
    if (phase.step < QUIZ_STEPS - 1) {
      setPhase({ kind: 'quiz', step: phase.step + 1 });
      return;
    }
    const complete = parseAnswers({ answers: { countryregion: 0, ...answers }, applied: false });
    if (!complete) return;
    saveAnswers(complete.answers);
    setDraft(complete.answers);
    search(complete.answers);
  };

  const back = () => {
    setMoved(true);
    setPhase((was) => ({
      kind: 'quiz',
      step: was.kind === 'quiz' ? Math.max(0, was.step - 1) : 0,
    }));
  };

  const retry = () => {
    const complete = parseAnswers({ answers, applied: false });
    if (complete) search(complete.answers);
    else setPhase({ kind: 'quiz', step: 0 });
  };

  return { phase, answers, moved, update, next, back, retry };
}
