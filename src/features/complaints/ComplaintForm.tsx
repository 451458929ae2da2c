import { UploadProgress } from '../../app/forms/UploadProgress';
import * as Comlink from 'comlink';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type User } from '../../shared/contract/account';
import { COMPLAINT_MESSAGE_MAX } from '../../shared/contract/limits';
import { EMAIL_MAX, Language } from '../../shared/contract/fields';
import { COMPLAINT_CATEGORIES, COMPLAINT_MEMBER_REF_MAX } from '../../shared/contract/moderation';
import { getSync } from '../../bridges/worker-bridge';
import { translateMessage } from '../../i18n/translate-message';
import { photoType } from '../profile/photo-files';
import { useAccountAction } from '../account/use-account-action';
import {
  checkComplaint,
  fieldOfKey,
  screenshotProblem,
  type ComplaintField,
  type ComplaintValues,
} from './complaint-fields';
import { ScreenshotPicker } from './ScreenshotPicker';
import { TextField } from './TextField';

/** Fields in page order, for focusing the first one with an error. */
const FOCUS_ORDER = ['category', 'member', 'message', 'email'] as const;

/** What became of a complaint: sent with its reference, or saved here until the connection is back. */
export type ComplaintResult =
  { reference: string; email: string } | { queued: string; email: string };

export interface ComplaintFormProps {
  /** Null for a visitor, who must give an e-mail address. */
  user: User | null;
  initialMember: string;
  onSent: (sent: ComplaintResult) => void;
}

/** The complaint form: category, member, text, e-mail (visitors), screenshot, sent through the worker. */
export function ComplaintForm({ user, initialMember, onSent }: ComplaintFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<ComplaintValues>({
    category: '',
    member: initialMember,
    message: '',
    email: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ComplaintField, string>>>({});
  const [percent, setPercent] = useState<number | null>(null);
  const { busy, problem, setProblem, run } = useAccountAction();
  const text = (key: string | undefined) => (key ? translateMessage(t, i18n, key) : null);
  const set = (field: keyof ComplaintValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = checkComplaint(values, user === null);
    const shot = file ? screenshotProblem(file) : null;
    if (shot) next.screenshot = shot;
    setErrors(next);
    setProblem(null);
    if (Object.keys(next).length > 0) {
      // The first field to fix gets the cursor, so a phone scrolls to it and a screen reader reads it.
      const first = FOCUS_ORDER.find((field) => next[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!user && !navigator.onLine) {
      // Only a member's complaint waits on the device: a visitor's outcome could not reach them.
      setProblem({ key: null, text: t('complaints.offline_visitor') });
      return;
    }
    const language = Language.catch('en').parse(i18n.resolvedLanguage);
    const draft = { ...values, category: values.category || 'other', language };
    setPercent(file ? 0 : null);
    const answer = await run(async () =>
      getSync().sendComplaint(
        draft,
        file ? { bytes: await file.arrayBuffer(), name: file.name, type: photoType(file) } : null,
        Comlink.proxy((fraction: number) => setPercent(Math.round(fraction * 100))),
      ),
    );
    setPercent(null);
    const email = user?.email ?? values.email.trim();
    if (answer?.status === 'queued') onSent({ queued: answer.clientId, email });
    else if (answer) onSent({ reference: answer.reference, email });
  };

  const serverField = fieldOfKey(problem?.key ?? null);
  const errorOf = (field: ComplaintField) =>
    text(errors[field]) ?? (serverField === field ? (problem?.text ?? null) : null);
  const formError =
    problem && !serverField
      ? problem.key === 'error.too_many_requests'
        ? t('complaints.errors.rate_limited')
        : problem.text
      : null;
  const categoryError = errorOf('category');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="complaint-form">
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-category`}>
          {t('complaints.category')}
        </label>
        <select
          id={`${id}-category`}
          className={`form-select${categoryError ? ' is-invalid' : ''}`}
          value={values.category}
          onChange={(e) => set('category')(e.target.value)}
          aria-invalid={Boolean(categoryError)}
          aria-describedby={categoryError ? `${id}-category-error` : undefined}
          required
        >
          <option value="">{t('complaints.category_choose')}</option>
          {COMPLAINT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`complaints.categories.${c}`)}
            </option>
          ))}
        </select>
        {categoryError && (
          <div id={`${id}-category-error`} className="invalid-feedback">
            {categoryError}
          </div>
        )}
      </div>
      <TextField
        id={`${id}-member`}
        label={t('complaints.member')}
        help={t('complaints.member_help')}
        value={values.member}
        onChange={set('member')}
        error={errorOf('member')}
        maxLength={COMPLAINT_MEMBER_REF_MAX}
      />
      <TextField
        id={`${id}-message`}
        label={t('complaints.message')}
        help={t('complaints.message_count', {
          count: values.message.trim().length,
          max: COMPLAINT_MESSAGE_MAX,
        })}
        value={values.message}
        onChange={set('message')}
        error={errorOf('message')}
        maxLength={COMPLAINT_MESSAGE_MAX}
        multiline
        required
      />
      {user ? (
        <p className="complaint-reply small text-body-secondary">
          {t('complaints.reply_to', { email: user.email })}
        </p>
      ) : (
        <TextField
          id={`${id}-email`}
          label={t('complaints.email')}
          help={t('complaints.email_help')}
          value={values.email}
          onChange={set('email')}
          error={errorOf('email')}
          maxLength={EMAIL_MAX}
          type="email"
          required
        />
      )}
      <ScreenshotPicker
        id={`${id}-shot`}
        file={file}
        onChange={(chosen) => {
          const refused = chosen ? screenshotProblem(chosen) : null;
          setErrors((e) => ({ ...e, screenshot: refused ?? undefined }));
          if (!refused) setFile(chosen);
          return !refused;
        }}
        error={errorOf('screenshot')}
        disabled={busy}
      />
      {percent !== null && (
        <UploadProgress
          id={`${id}-progress`}
          className="mb-3"
          label={t('complaints.progress')}
          percent={percent}
        />
      )}
      {formError && (
        <div className="alert alert-danger" role="alert">
          {formError}
        </div>
      )}
      <button type="submit" className="btn btn-primary complaint-submit" disabled={busy}>
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {busy ? t('complaints.sending') : t('complaints.submit')}
      </button>
    </form>
  );
}
