import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountProblem } from '../account/account-errors';

export interface ProfileSectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One card of the profile page; its heading names the section for screen readers. */
export function ProfileSection({
  id,
  title,
  intro,
  className = '',
  children,
}: ProfileSectionProps) {
  return (
    <section id={id} className={`profile-card card ${className}`} aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="profile-card-title h5">
          {title}
        </h2>
        {intro && <p className="profile-card-intro text-body-secondary">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** The section's save button, with the failure that is not about one field above it. */
export function SaveRow({
  busy,
  problem,
  label,
}: {
  busy: boolean;
  problem?: AccountProblem | string | null;
  label?: string;
}) {
  const { t } = useTranslation();
  const text = typeof problem === 'string' ? problem : problem?.text;
  return (
    <>
      {text && (
        <div className="alert alert-danger" role="alert">
          {text}
        </div>
      )}
      <div className="profile-save">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {busy ? t('my_profile.saving') : (label ?? t('my_profile.save'))}
        </button>
      </div>
    </>
  );
}

/** Ids for a field's label target, error and help, and the attributes that tie them together. */
export function fieldAria(id: string, error: string | null | undefined, help?: boolean) {
  const describedBy =
    [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') ||
    undefined;
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy };
}

/** The error line under a field. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback">
      {error}
    </div>
  ) : null;
}
