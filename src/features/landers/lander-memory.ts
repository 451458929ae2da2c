/**
 * What a lander remembers for the rest of the tab: its niche, so the members shown right after
 * sign-up fit the page the visitor came from (a gay- lander: men for men), and that the visitor
 * has used a page, so the next one shows its sign-up form at once (JoinSection).
 */
import type { LanderNiche } from '../../shared/contract/landers';

const NICHE_KEY = 'amora.lander-niche';
const USED_KEY = 'amora.lander-used';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the matches fall back to the server's defaults
  }
}

/** Keeps the niche of the lander being shown. */
export function rememberLanderNiche(niche: LanderNiche): void {
  try {
    storage()?.setItem(NICHE_KEY, String(niche));
  } catch {
    // quota or privacy mode: nothing depends on it
  }
}

/** The niche of the last lander in this tab, or null. */
export function rememberedLanderNiche(): LanderNiche | null {
  const value = Number(storage()?.getItem(NICHE_KEY));
  return Number.isInteger(value) && value >= 1 && value <= 7 ? (value as LanderNiche) : null;
}

/** Notes that the visitor has scrolled, tapped or typed on a lander in this tab. */
export function rememberLanderUsed(): void {
  try {
    storage()?.setItem(USED_KEY, '1');
  } catch {
    // quota or privacy mode: the next page waits for a use of its own
  }
}

/** True when the visitor has used a lander in this tab before. */
export function landerUsedBefore(): boolean {
  return storage()?.getItem(USED_KEY) === '1';
}
