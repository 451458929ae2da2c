import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftNotices } from './DraftNotices';
import { SignupIcon } from './SignupIcon';
import { isAcceptedPhoto, PHOTO_ACCEPT } from './signup-validation';
import { StepActions } from './StepActions';
import { StepShell } from './StepShell';
import type { SignupWizard } from './use-signup-wizard';

interface Chosen {
  file: File;
  url: string;
}

/** The MIME type to send; a few systems leave it empty for a .jpg. */
function photoType(file: File): string {
  if (file.type) return file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  return /\.png$/i.test(file.name) ? 'image/png' : 'image/jpeg';
}

/** Step 2: a profile photo by click or drag-and-drop, uploaded with a real progress bar. */
export function PhotoStep({ wizard }: { wizard: SignupWizard }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<'not_image' | 'choose_first' | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  // Each preview address is released when it is replaced or the step closes.
  useEffect(() => {
    if (!chosen) return;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedPhoto(file)) {
      setError('not_image');
      return;
    }
    setError(null);
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('choose_first');
      input.current?.focus();
      return;
    }
    const { file } = chosen;
    setProgress(0);
    const bytes = await file.arrayBuffer();
    const outcome = await wizard.save(
      { photo: { bytes, name: file.name, type: photoType(file) } },
      'photo',
      setProgress,
    );
    if (outcome.kind === 'refused' || outcome.kind === 'busy') setProgress(null);
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  const zoneClass = `signup-drop${dragging ? ' is-dragging' : ''}${chosen ? ' has-photo' : ''}${
    error === 'not_image' ? ' is-invalid' : ''
  }`;

  return (
    <StepShell
      step={2}
      title={t('signup.photo.title')}
      intro={t('signup.photo.intro')}
      icon="camera"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={2} />}
    >
      <form id={`${id}-form`} noValidate onSubmit={(e) => void save(e)}>
        <label
          htmlFor={`${id}-input`}
          className={zoneClass}
          data-testid="photo-drop"
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {chosen ? (
            <img
              src={chosen.url}
              alt={t('signup.photo.preview_alt')}
              className="signup-drop-preview"
            />
          ) : (
            <span className="signup-drop-icon" aria-hidden="true">
              <SignupIcon name="camera" size={36} />
            </span>
          )}
          <span className="signup-drop-text">
            {chosen ? t('signup.photo.change') : t('signup.photo.choose')}
          </span>
          <span className="signup-drop-hint">{t('signup.photo.hint')}</span>
          <input
            id={`${id}-input`}
            ref={input}
            type="file"
            accept={PHOTO_ACCEPT}
            className="visually-hidden"
            data-testid="photo-input"
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = ''; // the same file can be chosen again after a refusal
            }}
          />
        </label>
        {error && (
          <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
            {t(`signup.photo.${error}`)}
          </div>
        )}
        {progress !== null && (
          <div className="signup-upload">
            <div
              className="signup-bar"
              role="progressbar"
              aria-label={t('signup.photo.uploading')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="signup-bar-fill" style={{ width: `${percent}%` }} />
            </div>
            <p className="signup-upload-text" aria-live="polite">
              {percent < 100
                ? t('signup.photo.uploading_percent', { percent })
                : t('signup.photo.processing')}
            </p>
          </div>
        )}
      </form>
      <StepActions
        primary={t('signup.photo.save')}
        form={`${id}-form`}
        secondary={t('signup.photo.skip')}
        onSecondary={() => void wizard.run(wizard.next)}
        busy={wizard.busy}
      />
    </StepShell>
  );
}
