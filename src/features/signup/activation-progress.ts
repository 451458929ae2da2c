/**
 * Step 6 of the sign-up wizard (SPEC §4 "Activation mail step"): the page polls delivery every
 * 900 ms and counts ticks; these functions turn the count into the text and bar it shows.
 */

export const ACTIVATION_POLL_MS = 900;
/** After this many ticks the step completes even without a delivery report (SPEC §9). */
export const ACTIVATION_TIMEOUT_TICKS = 20;
export const ACTIVATION_TEXT_TICKS = [4, 7, 10] as const;
/** The bar stops short of full until the step really completes, so it never looks stuck at 100. */
const MAX_PENDING_PERCENT = 95;

/** Which of the four texts (0..3) shows at `tick`: 0 before tick 4, 1 from 4, 2 from 7, 3 from 10. */
export function activationTextIndex(tick: number): 0 | 1 | 2 | 3 {
  const [second, third, fourth] = ACTIVATION_TEXT_TICKS;
  if (tick >= fourth) return 3;
  if (tick >= third) return 2;
  return tick >= second ? 1 : 0;
}

/** Delivered, or the timeout reached: the wizard moves on to step 7 either way. */
export function activationDone(tick: number, delivered: boolean): boolean {
  return delivered || tick >= ACTIVATION_TIMEOUT_TICKS;
}

/** Bar percent: 100 when done, else min(95, round(tick / ACTIVATION_TIMEOUT_TICKS * 100)). */
export function activationPercent(tick: number, delivered: boolean): number {
  if (activationDone(tick, delivered)) return 100;
  // A negative or NaN tick (a counter not started yet) shows an empty bar, not a broken width.
  const percent = Math.round((tick / ACTIVATION_TIMEOUT_TICKS) * 100);
  return Number.isFinite(percent) ? Math.min(MAX_PENDING_PERCENT, Math.max(0, percent)) : 0;
}
