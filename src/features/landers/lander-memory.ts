/**
 * What a lander remembers for the rest of the tab: its niche, so the members shown right after
 * sign-up fit the page the visitor came from (a gay- lander: men for men), and that the visitor
 * has used a page, so the next one shows its sign-up form at once (JoinSection).
 */
import type { LanderNiche } from '../../shared/contract/landers';
import { tabStorage } from '../../lib/tab-storage';

const NICHE_KEY = 'amora.lander-niche';
const USED_KEY = 'amora.lander-used';

/** Keeps the niche of the lander being shown. */
export function rememberLanderNiche(niche: LanderNiche): void {
  try {
    tabStorage()?.setItem(NICHE_KEY, String(niche));
  } catch {
    // quota or privacy mode: nothing depends on it
  }
}

/** The niche of the last lander in this tab, or null (then the matches are the server's defaults). */
export function rememberedLanderNiche(): LanderNiche | null {
  const value = Number(tabStorage()?.getItem(NICHE_KEY));
  return Number.isInteger(value) && value >= 1 && value <= 7 ? (value as LanderNiche) : null;
}

/** Notes that the visitor has scrolled, tapped or typed on a lander in this tab. */
export function rememberLanderUsed(): void {
  try {
    tabStorage()?.setItem(USED_KEY, '1');
  } catch {
    // quota or privacy mode: the next page waits for a use of its own
  }
}

/** True when the visitor has used a lander in this tab before. */
export function landerUsedBefore(): boolean {
  return tabStorage()?.getItem(USED_KEY) === '1';
}
