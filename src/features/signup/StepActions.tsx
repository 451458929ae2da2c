import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StepActionsProps {
  /** The main action (submit of the step's form when `form` is given). */
  primary: string;
  onPrimary?: () => void;
  /** The id of the form the primary button submits. */
  form?: string;
  /** "Continue without …". */
  secondary: string;
  onSecondary: () => void;
  busy: boolean;
  /** Shown on the main button while a submit runs; "Saving…" unless given. */
  busyLabel?: string;
  children?: ReactNode;
}

/** A step's two ways on: save (or enable) and continue without. */
export function StepActions({
  primary,
  onPrimary,
  form,
  secondary,
  onSecondary,
  busy,
  busyLabel,
  children,
}: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="signup-actions">
      {children}
      <button
        type={form ? 'submit' : 'button'}
        form={form}
        className="btn btn-primary btn-lg w-100"
        onClick={form ? undefined : onPrimary}
        disabled={busy}
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? (busyLabel ?? t('signup.saving')) : primary}
      </button>
      <button
        type="button"
        className="btn btn-link signup-skip"
        onClick={onSecondary}
        disabled={busy}
      >
        {secondary}
      </button>
    </div>
  );
}
