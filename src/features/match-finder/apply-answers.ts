/** Puts the match-finder's answers into a just-created account, through the sync worker. */
import type { SyncRemote } from '../../bridges/worker-bridge';
import { profilePatch, saveAnswers, searchPatch, type MatchAnswers } from './match-answers';

/**
 * Saves the member's own gender and place, then makes the sought members the current search.
 * Resolves true when both went through; the answers stay in the tab, marked, either way, so the
 * matches shown next still follow them and a failed part can be tried again.
 */
export async function applyAnswers(sync: SyncRemote, answers: MatchAnswers): Promise<boolean> {
  try {
    await sync.updateUser(profilePatch(answers));
    await sync.setFilters(searchPatch(answers));
    saveAnswers(answers, true);
    return true;
  } catch (error) {
    console.warn('The match-finder answers could not be saved', error);
    return false;
  }
}
