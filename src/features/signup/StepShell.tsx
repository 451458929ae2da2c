import { useEffect, useId, useRef, type ReactNode } from 'react';
import { SignupIcon, type SignupIconName } from './SignupIcon';
import { SignupProgress } from './SignupProgress';
import type { SignupStep } from './signup-steps';

export interface StepShellProps {
  step: SignupStep;
  title: string;
  intro?: ReactNode;
  icon?: SignupIconName;
  /** The member just moved here: the heading takes the focus, so screen readers hear the step. */
  focus: boolean;
  /** Messages about the draft (saved offline, refused) shown above the step's form. */
  notices?: ReactNode;
  /** 2 where the step sits inside a page with its own h1 (the account step on a lander). */
  headingLevel?: 1 | 2;
  children: ReactNode;
}

/** The frame every step shares: progress (steps 1–6), icon, heading and intro. */
export function StepShell({
  step,
  title,
  intro,
  icon,
  focus,
  notices,
  headingLevel = 1,
  children,
}: StepShellProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step starts at the top of the page, its heading announced to screen readers.
  useEffect(() => {
    if (!focus) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [focus]);

  return (
    <section className="signup-step" data-step={step} aria-labelledby={headingId}>
      {step >= 1 && step <= 6 && <SignupProgress step={step} />}
      <header className="signup-step-head">
        {icon && (
          <div className={`signup-icon${step === 7 ? ' signup-icon-done' : ''}`}>
            <SignupIcon name={icon} />
          </div>
        )}
        <Heading id={headingId} ref={heading} tabIndex={-1} className="signup-title">
          {title}
        </Heading>
        {intro && <p className="signup-intro">{intro}</p>}
      </header>
      {notices}
      {children}
    </section>
  );
}
