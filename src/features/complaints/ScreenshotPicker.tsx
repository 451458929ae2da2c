import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT } from '../profile/photo-files';

export interface ScreenshotPickerProps {
  id: string;
  file: File | null;
  /** False when the file is refused: the previous choice and its preview stay. */
  onChange: (file: File | null) => boolean;
  /** Translated text shown under the picker. */
  error: string | null;
  disabled: boolean;
}

/** The optional screenshot: a button opens the file chooser, the chosen picture shows as a preview. */
export function ScreenshotPicker({ id, file, onChange, error, disabled }: ScreenshotPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const shown = useRef<string | null>(null);

  /** An object URL shows the picture without reading it again; the previous one is freed. */
  const choose = (chosen: File | null) => {
    if (!onChange(chosen)) return;
    if (shown.current) URL.revokeObjectURL(shown.current);
    shown.current = chosen ? URL.createObjectURL(chosen) : null;
    setPreview(shown.current);
  };

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  const describedBy = [`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-4" role="group" aria-labelledby={`${id}-label`}>
      <div id={`${id}-label`} className="form-label">
        {t('complaints.screenshot')}
      </div>
      <div className={`complaint-shot${error ? ' is-invalid' : ''}`}>
        {preview && (
          <img
            className="complaint-shot-preview"
            src={preview}
            alt={t('complaints.screenshot_preview')}
          />
        )}
        <div className="complaint-shot-actions">
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => input.current?.click()}
            disabled={disabled}
            aria-describedby={describedBy}
          >
            {file ? t('complaints.screenshot_change') : t('complaints.screenshot_choose')}
          </button>
          {file && (
            <button
              type="button"
              className="btn btn-link btn-sm"
              onClick={() => choose(null)}
              disabled={disabled}
            >
              {t('complaints.screenshot_remove')}
            </button>
          )}
          {file && (
            <span className="complaint-shot-name small text-body-secondary">{file.name}</span>
          )}
        </div>
      </div>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept={PHOTO_ACCEPT}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          e.target.value = '';
          if (chosen) choose(chosen);
        }}
      />
      <div id={`${id}-help`} className="form-text">
        {t('complaints.screenshot_help')}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
