import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/contract/account';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { PasswordInput } from '../account/PasswordInput';
import { useAccountAction } from '../account/use-account-action';
import { PasswordResetLink } from './PasswordResetLink';
import { ProfileSection, SaveRow } from './ProfileSection';

type Field = 'current' | 'next' | 'repeat';
/** Server keys that belong under one field. */
const FIELD_OF_KEY: Record<string, Field> = {
  'account_errors.wrong_password': 'current',
  'account_errors.password_same': 'next',
  'account_errors.password_too_common': 'next',
};

/**
 * Changes the password with the current one (PUT /api/password.php); the member stays logged in
 * here and the other devices are logged out. A forgotten current password goes by mail instead.
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { busy, problem, setProblem, run } = useAccountAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!current) found.current = t('my_profile.password_current_required');
    if (!next) found.next = t('my_profile.password_new_required');
    else if (next === current) found.next = t('account_errors.password_same');
    else if (repeat !== next) found.repeat = t('my_profile.password_mismatch');
    setErrors(found);
    setProblem(null);
    if (found.current || found.next || found.repeat) return;
    const saved = await run(() => getSync().changePassword(current, next));
    if (!saved) return;
    setUser(saved);
    setCurrent('');
    setNext('');
    setRepeat('');
    toast.success(t('my_profile.password_changed_toast'));
  };

  const serverField = problem?.key ? FIELD_OF_KEY[problem.key] : undefined;
  const errorOf = (field: Field) =>
    errors[field] ?? (serverField === field ? problem?.text : undefined);

  return (
    <ProfileSection
      id="profile-password"
      title={t('my_profile.password_title')}
      intro={t('my_profile.password_intro')}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        {/* Tells password managers which account's saved password to update. */}
        <input type="email" autoComplete="username" value={user.email} readOnly hidden />
        <PasswordInput
          id={`${id}-current`}
          label={t('my_profile.password_current')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          error={errorOf('current')}
        />
        <PasswordInput
          id={`${id}-new`}
          label={t('my_profile.password_new')}
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          error={errorOf('next')}
        />
        <PasswordInput
          id={`${id}-repeat`}
          label={t('my_profile.password_repeat')}
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
          error={errorOf('repeat')}
        />
        <SaveRow busy={busy} problem={serverField ? null : problem} />
      </form>
      <PasswordResetLink email={user.email} />
    </ProfileSection>
  );
}
