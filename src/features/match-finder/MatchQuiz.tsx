import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gender } from '../../shared/contract/fields';
import { AGE_RANGES, type CountryOption, type RegionOption } from '../members/filter-options';
import type { MatchAnswers } from './match-answers';
import { QuizChoices } from './QuizChoices';

/** Questions: who, age, place. */
export const QUIZ_STEPS = 3;

export interface MatchQuizProps {
  step: number;
  draft: Partial<MatchAnswers>;
  countries: readonly CountryOption[];
  regions: readonly RegionOption[];
  onDraft: (patch: Partial<MatchAnswers>) => void;
  onNext: () => void;
  onBack: () => void;
  /** The visitor moved between questions: the new one takes the focus. */
  moved: boolean;
}

/** Whether the answers of `step` are complete. */
export function stepDone(step: number, draft: Partial<MatchAnswers>): boolean {
  if (step === 0) return draft.own !== undefined && draft.seeking !== undefined;
  if (step === 1) return draft.age !== undefined;
  return !!draft.country;
}

/** The three questions, one screen each, with progress and back/next. */
export function MatchQuiz({
  step,
  draft,
  countries,
  regions,
  onDraft,
  onNext,
  onBack,
  moved,
}: MatchQuizProps) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (moved) heading.current?.focus({ preventScroll: true });
  }, [moved, step]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stepDone(step, draft)) onNext();
  };
  const genders = (female: string, male: string) =>
    [
      { value: 'female', label: female },
      { value: 'male', label: male },
    ] as const satisfies readonly { value: Gender; label: string }[];
  const last = step === QUIZ_STEPS - 1;

  return (
    <form className="mf-quiz" onSubmit={submit} noValidate>
      <p className="mf-progress-text" ref={heading} tabIndex={-1}>
        {t('matchFinder.progress', { step: step + 1, total: QUIZ_STEPS })}
      </p>
      <div className="mf-progress" aria-hidden="true">
        <span style={{ width: `${((step + 1) / QUIZ_STEPS) * 100}%` }} />
      </div>

      {step === 0 && (
        <>
          <QuizChoices
            legend={t('signup.personal.gender')}
            name="own"
            choices={genders(t('signup.personal.female'), t('signup.personal.male'))}
            value={draft.own}
            onChange={(own) => onDraft({ own })}
          />
          <QuizChoices
            legend={t('members.gender')}
            name="seeking"
            choices={genders(t('members.gender_female'), t('members.gender_male'))}
            value={draft.seeking}
            onChange={(seeking) => onDraft({ seeking })}
          />
        </>
      )}
      {step === 1 && (
        <QuizChoices
          legend={t('matchFinder.age')}
          name="age"
          size="chips"
          choices={AGE_RANGES.map((range) => ({
            value: range.id,
            label:
              range.id === 'all'
                ? t('members.age_all')
                : range.max === null
                  ? t('members.age_over', { min: range.min })
                  : t('members.age_range', { min: range.min, max: range.max }),
          }))}
          value={draft.age}
          onChange={(age) => onDraft({ age })}
        />
      )}
      {step === 2 && (
        <fieldset className="mf-choices">
          <legend className="mf-legend">{t('matchFinder.region')}</legend>
          <div className="mf-selects">
            <div>
              <label className="form-label" htmlFor={`${id}-country`}>
                {t('members.country')}
              </label>
              <select
                id={`${id}-country`}
                className="form-select form-select-lg"
                value={draft.country ?? ''}
                onChange={(e) => onDraft({ country: e.target.value, countryregion: 0 })}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className="form-label" htmlFor={`${id}-region`}>
                {t('members.region')}
              </label>
              <select
                id={`${id}-region`}
                className="form-select form-select-lg"
                value={String(draft.countryregion ?? 0)}
                onChange={(e) => onDraft({ countryregion: Number(e.target.value) })}
              >
                {regions.map((r) =>
                  r.kind === 'region' ? (
                    <option key={r.value} value={r.value}>
                      {r.name}
                    </option>
                  ) : r.kind === 'all' ? (
                    <option key="all" value="0">
                      {t('members.region_all')}
                    </option>
                  ) : null,
                )}
              </select>
            </div>
          </div>
        </fieldset>
      )}

      <div className="mf-nav">
        {step > 0 && (
          <button type="button" className="btn btn-outline-secondary btn-lg" onClick={onBack}>
            {t('matchFinder.back')}
          </button>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-lg mf-next"
          disabled={!stepDone(step, draft)}
        >
          {last ? t('matchFinder.show') : t('matchFinder.next')}
        </button>
      </div>
    </form>
  );
}
