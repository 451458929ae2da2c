import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/contract/account';
import type { ProfileFieldsResponse } from '../../shared/contract/settings';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { useAccountAction } from '../account/use-account-action';
import { fieldLabels } from '../../lib/field-labels';
import { ProfileSection, SaveRow } from './ProfileSection';

/** Longest value of a free-text profile field (contract: 255). */
const TEXT_FIELD_MAX = 255;

export interface DetailsSectionProps {
  user: User;
  /** settings.visible_profile_fields, in the site's order. */
  visible: readonly string[];
  fields: ProfileFieldsResponse | null;
  failed: boolean;
  onRetry: () => void;
}

/**
 * The site's other profile fields (relationship, height, …) as selects or short texts. An empty
 * choice is sent as '' so the server forgets the earlier value.
 */
export function DetailsSection({ user, visible, fields, failed, onRetry }: DetailsSectionProps) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const labels = fieldLabels(t);
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...user.profile.fields }));
  const { busy, problem, run } = useAccountAction();
  const shown = fields ? visible.filter((name) => fields[name]) : [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const patch = Object.fromEntries(shown.map((name) => [name, values[name]?.trim() ?? '']));
    const saved = await run(() => getSync().updateUser({ profile: { fields: patch } }));
    if (!saved) return;
    setUser(saved);
    toast.success(t('my_profile.saved_details'));
  };

  if (!fields) {
    return (
      <ProfileSection id="profile-details" title={t('my_profile.details_title')}>
        {failed ? (
          <div className="d-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="me-auto">{t('my_profile.fields_failed')}</span>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRetry}>
              {t('my_profile.retry')}
            </button>
          </div>
        ) : (
          <div className="profile-skeleton" role="status">
            <span className="visually-hidden">{t('my_profile.loading')}</span>
          </div>
        )}
      </ProfileSection>
    );
  }

  return (
    <ProfileSection
      id="profile-details"
      title={t('my_profile.details_title')}
      intro={t('my_profile.details_intro')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="row g-3 mb-3">
          {shown.map((name) => {
            const field = fields[name];
            const fieldId = `${id}-${name}`;
            const value = values[name] ?? '';
            const set = (next: string) => setValues((current) => ({ ...current, [name]: next }));
            return (
              <div key={name} className="col-12 col-sm-6">
                <label className="form-label" htmlFor={fieldId}>
                  {labels.field(name)}
                </label>
                {field?.type === 'select' ? (
                  <select
                    id={fieldId}
                    className="form-select"
                    value={value}
                    onChange={(e) => set(e.target.value)}
                  >
                    <option value="">{t('my_profile.not_specified')}</option>
                    {field.allowed_values.map((option) => (
                      <option key={option} value={option}>
                        {labels.value(name, option)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={fieldId}
                    type="text"
                    className="form-control"
                    maxLength={TEXT_FIELD_MAX}
                    value={value}
                    onChange={(e) => set(e.target.value)}
                  />
                )}
              </div>
            );
          })}
        </div>
        <SaveRow busy={busy} problem={problem} />
      </form>
    </ProfileSection>
  );
}
