import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Image } from '../../src/shared/contract/fields';
import {
  applyAutoSkip,
  initialStep,
  isSignupStep,
  LAST_STEP,
  nextStep,
  progressPercent,
  PROGRESS_DENOMINATOR,
  showsPushStep,
  stepAfterAccount,
  type PushState,
  type SignupStep,
  type StepContext,
} from '../../src/features/signup/signup-steps';

type Profile = NonNullable<StepContext['profile']>;

const emptyProfile: Profile = {
  main_image: null,
  countryregion: null,
  city: null,
  gender: null,
  date_of_birth: null,
  personal: null,
};

const image: Image = { id: 1, thumb_filename: 'photo.jpg' };

function ctx(overrides: Partial<StepContext> = {}): StepContext {
  return {
    pushStep: true,
    pushCapable: true,
    push: 'unsubscribed',
    autoSkip: true,
    profile: emptyProfile,
    ...overrides,
  };
}

const STEPS: SignupStep[] = [0, 1, 2, 3, 4, 5, 6, 7];
const PUSH_STATES: PushState[] = ['unsubscribed', 'subscribed', 'denied', 'unknown'];

const arbProfile: fc.Arbitrary<Profile | null> = fc.option(
  fc.record({
    main_image: fc.constantFrom(null, image),
    countryregion: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
    city: fc.constantFrom(null, '', '  ', 'Utrecht'),
    gender: fc.constantFrom(null, 'male' as const, 'female' as const),
    date_of_birth: fc.constantFrom(null, '1990-05-01'),
    personal: fc.constantFrom(null, '', ' ', 'Hello'),
  }),
  { nil: null },
);

const arbCtx: fc.Arbitrary<StepContext> = fc.record({
  pushStep: fc.boolean(),
  pushCapable: fc.boolean(),
  push: fc.constantFrom(...PUSH_STATES),
  autoSkip: fc.boolean(),
  profile: arbProfile,
});

const arbStep = fc.constantFrom(...STEPS);

describe('showsPushStep', () => {
  it('shows step 1 only with the option on, a capable browser and push not denied', () => {
    expect(showsPushStep(ctx())).toBe(true);
    expect(showsPushStep(ctx({ push: 'unknown' }))).toBe(true);
    expect(showsPushStep(ctx({ pushStep: false }))).toBe(false);
    expect(showsPushStep(ctx({ pushCapable: false }))).toBe(false);
    expect(showsPushStep(ctx({ push: 'denied' }))).toBe(false);
  });

  it('keeps step 1 while the user has just subscribed on it', () => {
    expect(showsPushStep(ctx({ push: 'subscribed' }))).toBe(true);
  });
});

describe('stepAfterAccount', () => {
  it('goes to the push step when it is offered', () => {
    expect(stepAfterAccount(ctx())).toBe(1);
    expect(stepAfterAccount(ctx({ push: 'unknown' }))).toBe(1);
  });

  it('goes to step 3 when push is off, unavailable or denied', () => {
    expect(stepAfterAccount(ctx({ pushStep: false }))).toBe(3);
    expect(stepAfterAccount(ctx({ pushCapable: false }))).toBe(3);
    expect(stepAfterAccount(ctx({ push: 'denied' }))).toBe(3);
  });

  it('goes to step 3 when a subscription already exists', () => {
    expect(stepAfterAccount(ctx({ push: 'subscribed' }))).toBe(3);
  });

  it('only ever answers 1 or 3, whatever the profile', () => {
    fc.assert(fc.property(arbCtx, (c) => [1, 3].includes(stepAfterAccount(c))));
  });
});

describe('initialStep', () => {
  it('opens at step 0 for a visitor, whatever else is known', () => {
    fc.assert(fc.property(arbCtx, (c) => initialStep(false, c) === 0));
  });

  it('opens at step 1 for a logged-in user with an empty profile and push on offer', () => {
    expect(initialStep(true, ctx())).toBe(1);
  });

  it('opens at step 3 for a logged-in user who cannot get the push step', () => {
    expect(initialStep(true, ctx({ push: 'denied' }))).toBe(3);
    expect(initialStep(true, ctx({ pushStep: false }))).toBe(3);
    expect(initialStep(true, ctx({ pushCapable: false }))).toBe(3);
    expect(initialStep(true, ctx({ push: 'subscribed' }))).toBe(3);
  });

  it('applies auto-skip after the push rule', () => {
    const withRegion = { ...emptyProfile, countryregion: 12 };
    expect(initialStep(true, ctx({ push: 'denied', profile: withRegion }))).toBe(4);
    expect(initialStep(true, ctx({ profile: { ...emptyProfile, main_image: image } }))).toBe(3);
    expect(initialStep(true, ctx({ profile: { ...emptyProfile, personal: 'Hi' } }))).toBe(6);
    expect(initialStep(true, ctx({ autoSkip: false, profile: withRegion }))).toBe(1);
  });

  it('lets a logged-in user without a profile start by the push rule alone', () => {
    expect(initialStep(true, ctx({ profile: null }))).toBe(1);
    expect(initialStep(true, ctx({ profile: null, push: 'denied' }))).toBe(3);
  });
});

describe('applyAutoSkip', () => {
  it('moves to the step implied by the furthest filled-in field', () => {
    expect(applyAutoSkip(1, ctx({ profile: { ...emptyProfile, main_image: image } }))).toBe(3);
    expect(applyAutoSkip(1, ctx({ profile: { ...emptyProfile, countryregion: 3 } }))).toBe(4);
    expect(applyAutoSkip(1, ctx({ profile: { ...emptyProfile, city: 'Gouda' } }))).toBe(4);
    expect(applyAutoSkip(1, ctx({ profile: { ...emptyProfile, gender: 'female' } }))).toBe(5);
    expect(
      applyAutoSkip(2, ctx({ profile: { ...emptyProfile, date_of_birth: '1990-01-01' } })),
    ).toBe(5);
    expect(applyAutoSkip(1, ctx({ profile: { ...emptyProfile, personal: 'About me' } }))).toBe(6);
  });

  it('lets the highest rule win even when earlier fields are empty', () => {
    const full = { ...emptyProfile, main_image: image, city: 'Gouda', gender: 'male' as const };
    expect(applyAutoSkip(1, ctx({ profile: full }))).toBe(5);
    expect(applyAutoSkip(3, ctx({ profile: { ...emptyProfile, personal: 'x' } }))).toBe(6);
  });

  it('treats blank text as not filled in', () => {
    const blanks = { ...emptyProfile, city: '  ', personal: '', date_of_birth: '' };
    expect(applyAutoSkip(1, ctx({ profile: blanks }))).toBe(1);
  });

  it('never moves back', () => {
    expect(applyAutoSkip(5, ctx({ profile: { ...emptyProfile, main_image: image } }))).toBe(5);
  });

  it('does nothing with the option off, without a profile, or on steps 0, 6 and 7', () => {
    const personal = { ...emptyProfile, personal: 'x' };
    expect(applyAutoSkip(1, ctx({ autoSkip: false, profile: personal }))).toBe(1);
    expect(applyAutoSkip(1, ctx({ profile: null }))).toBe(1);
    expect(applyAutoSkip(0, ctx({ profile: personal }))).toBe(0);
    expect(applyAutoSkip(6, ctx({ profile: personal }))).toBe(6);
    expect(applyAutoSkip(7, ctx({ profile: personal }))).toBe(7);
  });

  it('is monotone, idempotent and never goes past step 6 from a profile step', () => {
    fc.assert(
      fc.property(arbStep, arbCtx, (step, c) => {
        const skipped = applyAutoSkip(step, c);
        expect(skipped).toBeGreaterThanOrEqual(step);
        expect(applyAutoSkip(skipped, c)).toBe(skipped);
        if (step >= 1 && step <= 5) expect(skipped).toBeLessThanOrEqual(6);
        else expect(skipped).toBe(step);
      }),
    );
  });
});

describe('nextStep', () => {
  it('walks the profile steps one by one with nothing to skip', () => {
    const c = ctx({ profile: emptyProfile });
    expect([1, 2, 3, 4, 5, 6].map((s) => nextStep(s as SignupStep, c))).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('follows the after-account rule from step 0', () => {
    expect(nextStep(0, ctx())).toBe(1);
    expect(nextStep(0, ctx({ push: 'denied' }))).toBe(3);
    expect(nextStep(0, ctx({ pushStep: false }))).toBe(3);
    expect(nextStep(0, ctx({ push: 'subscribed' }))).toBe(3);
  });

  it('applies auto-skip on the way', () => {
    const c = ctx({ profile: { ...emptyProfile, city: 'Gouda', main_image: image } });
    expect(nextStep(1, c)).toBe(4);
    expect(nextStep(4, c)).toBe(5);
    expect(nextStep(0, ctx({ push: 'denied', profile: { ...emptyProfile, gender: 'male' } }))).toBe(
      5,
    );
  });

  it('never goes past step 7', () => {
    expect(nextStep(7, ctx())).toBe(LAST_STEP);
    expect(nextStep(6, ctx())).toBe(7);
  });

  it('always moves forward, stays a step and agrees with stepAfterAccount from 0', () => {
    fc.assert(
      fc.property(arbStep, arbCtx, (from, c) => {
        const to = nextStep(from, c);
        expect(isSignupStep(to)).toBe(true);
        if (from < LAST_STEP) expect(to).toBeGreaterThan(from);
        if (from === 0) expect(to).toBe(applyAutoSkip(stepAfterAccount(c), c));
        if (to === 1) expect(showsPushStep(c)).toBe(true);
      }),
    );
  });

  it('reaches step 7 from 0 within eight moves', () => {
    fc.assert(
      fc.property(arbCtx, (c) => {
        let step: SignupStep = 0;
        for (let i = 0; i < 8 && step !== LAST_STEP; i++) step = nextStep(step, c);
        return step === LAST_STEP;
      }),
    );
  });
});

describe('progressPercent', () => {
  it('divides by the progress denominator and caps at 100', () => {
    expect(PROGRESS_DENOMINATOR).toBe(6);
    expect(STEPS.map(progressPercent)).toEqual([0, 17, 33, 50, 67, 83, 100, 100]);
  });
});

describe('isSignupStep', () => {
  it('accepts the integers 0 to 7 only', () => {
    for (const step of STEPS) expect(isSignupStep(step)).toBe(true);
    for (const value of [-1, 8, 1.5, NaN, Infinity, '3', null, undefined, {}]) {
      expect(isSignupStep(value)).toBe(false);
    }
  });
});
