export interface TextFieldProps {
  id: string;
  label: string;
  help?: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated text; marks the field invalid. */
  error: string | null;
  maxLength: number;
  type?: 'text' | 'email';
  multiline?: boolean;
  required?: boolean;
}

/** A labelled input or text area with its help and its error, both tied to it for screen readers. */
export function TextField({
  id,
  label,
  help,
  value,
  onChange,
  error,
  maxLength,
  type = 'text',
  multiline = false,
  required = false,
}: TextFieldProps) {
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    className: `form-control${error ? ' is-invalid' : ''}`,
    value,
    maxLength,
    required,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={type === 'email' ? 'email' : 'off'}
          inputMode={type === 'email' ? 'email' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
