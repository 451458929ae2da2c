/**
 * The sign-up wizard's step machine (SPEC §2.4, §4 "Sign-up steps") as pure functions, so the
 * wizard component only renders the step these return and the rules are tested without a DOM.
 *
 * Steps: 0 account, 1 push opt-in, 2 photo, 3 living area, 4 personal info, 5 about me,
 * 6 activation mail progress, 7 done.
 */
import type { UserProfile } from '../../shared/contract/account';
import type { PushState } from '../../shared/push-state';

export type { PushState };

export type SignupStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const LAST_STEP = 7;
/** SPEC §9: the bar is full at step 6; step 7 is past the bar (clamped to 100). */
export const PROGRESS_DENOMINATOR = 6;

/** The step where the wizard continues when the push step is not offered (SPEC §4). */
const AFTER_PUSH_SKIP: SignupStep = 3;

export interface StepContext {
  /** Template option: with it off step 1 is skipped. */
  pushStep: boolean;
  /** The browser can do push and the site has a push key. */
  pushCapable: boolean;
  push: PushState;
  /** Template option: skip the profile steps the user has already filled in. */
  autoSkip: boolean;
  /** null before the account exists. */
  profile: Pick<
    UserProfile,
    'main_image' | 'countryregion' | 'city' | 'gender' | 'date_of_birth' | 'personal'
  > | null;
}

/** Whether step 1 is shown at all. */
export function showsPushStep(ctx: StepContext): boolean {
  // 'subscribed' still shows the step: a user who just switched push on while on step 1 must not
  // see it vanish under them. Skipping an existing subscription is stepAfterAccount's business.
  return ctx.pushStep && ctx.pushCapable && ctx.push !== 'denied';
}

/**
 * After account creation: 1 if the push step is offered and the user has no subscription yet,
 * else 3. An existing subscription also leads to 3 (the page then adds it to the account).
 *
 * Skipping push lands on 3, not 2, as SPEC §4 says: the photo step is only reached through "next"
 * from step 1. No auto-skip here: a just-created account has an empty profile, and keeping this
 * to exactly {1, 3} lets the page decide when to add the existing subscription.
 */
export function stepAfterAccount(ctx: StepContext): SignupStep {
  if (!showsPushStep(ctx) || ctx.push === 'subscribed') return AFTER_PUSH_SKIP;
  return 1;
}

/**
 * Step the wizard opens at: 0 for a visitor; a logged-in user "starts at step 1" (SPEC §4).
 *
 * Starting at 1 is treated as re-entering the flow right after account creation, so the same push
 * rule applies (no push step, denied or already subscribed → 3), then auto-skip. Examples:
 * logged in, push denied, profile with region → 3 → 4; logged in, push offered, profile with a
 * main image → 1 → 3 (auto-skip outranks the push opt-in, as SPEC says "starts at step 3").
 */
export function initialStep(loggedIn: boolean, ctx: StepContext): SignupStep {
  if (!loggedIn) return 0;
  return applyAutoSkip(stepAfterAccount(ctx), ctx);
}

/**
 * Where "next"/"skip" from `from` leads. Never beyond 7.
 *
 * From 0 the account has just been created, so this is stepAfterAccount plus auto-skip, keeping
 * both entry points in agreement (and step 1 is skipped there when not shown). Otherwise from+1,
 * then auto-skip, which only ever moves forward.
 */
export function nextStep(from: SignupStep, ctx: StepContext): SignupStep {
  if (from >= LAST_STEP) return LAST_STEP;
  if (from === 0) return applyAutoSkip(stepAfterAccount(ctx), ctx);
  return applyAutoSkip((from + 1) as SignupStep, ctx);
}

/** Whether a free-text profile value counts as filled in: blanks are not an answer. */
function filled(value: string | null | undefined): boolean {
  return value != null && value.trim() !== '';
}

/** The furthest step the profile's filled-in fields let the user start at (0 = none). */
function impliedStep(profile: NonNullable<StepContext['profile']>): SignupStep {
  // The highest rule that matches wins, even if an earlier step's field is empty (e.g. personal
  // text but no photo → 6): SPEC lists each rule independently as "starts at step N".
  if (filled(profile.personal)) return 6;
  if (profile.gender != null || filled(profile.date_of_birth)) return 5;
  if (profile.countryregion != null || filled(profile.city)) return 4;
  if (profile.main_image != null) return 3;
  return 0;
}

/**
 * Auto-skip (SPEC §4): with autoSkip on, a main image → at least 3; region or city → 4; gender or
 * birth date → 5; personal text → 6. Returns max(step, implied). Only moves steps 1..5: step 0
 * needs the account first and 6/7 are past the profile steps.
 */
export function applyAutoSkip(step: SignupStep, ctx: StepContext): SignupStep {
  if (!ctx.autoSkip || ctx.profile === null || step < 1 || step > 5) return step;
  return Math.max(step, impliedStep(ctx.profile)) as SignupStep;
}

/** Progress bar percent: min(100, round(step / PROGRESS_DENOMINATOR * 100)). */
export function progressPercent(step: SignupStep): number {
  return Math.min(100, Math.round((step / PROGRESS_DENOMINATOR) * 100));
}

/** SignupStep guard for numbers read back from storage/URLs. */
export function isSignupStep(value: unknown): value is SignupStep {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= LAST_STEP;
}
