import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export interface QuizChoicesProps<T extends string> {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  /** Two big buttons side by side, or a wrapping row of chips. */
  size?: 'large' | 'chips';
}

/** One quiz question as a radio group drawn as buttons (keyboard: arrows move, as radios do). */
export function QuizChoices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  size = 'large',
}: QuizChoicesProps<T>) {
  const id = useId();
  return (
    <fieldset className={`mf-choices mf-choices-${size}`}>
      <legend className="mf-legend">{legend}</legend>
      <div className="mf-options">
        {choices.map((choice) => (
          <div key={choice.value} className="mf-option">
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${id}-${choice.value}`}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              required
            />
            <label className="btn btn-outline-primary" htmlFor={`${id}-${choice.value}`}>
              {choice.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
