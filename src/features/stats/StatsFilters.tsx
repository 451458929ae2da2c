import { useTranslation } from 'react-i18next';
import {
  STATS_DIMENSIONS,
  STATS_GROUPS,
  STATS_RANGE_MAX_DAYS,
  type StatsDimension,
  type StatsGroup,
  type StatsResponse,
} from '../../shared/contract/stats';
import { keyLabel } from './stats-labels';
import {
  activeFilterCount,
  addDays,
  isDay,
  RANGE_PRESETS,
  viewRange,
  type StatsView,
} from './stats-query';
import type { ViewChange } from './use-view-address';

/** Select values: "any", or a dimension value behind a prefix (a value may be '' or any text). */
const ANY = 'any';
const VALUE = 'v:';

interface Props {
  view: StatsView;
  today: string;
  /** The values each dimension took in the shown range (the answer's `options`), if any. */
  options: StatsResponse['options'] | null;
  onChange: ViewChange;
}

/**
 * The view's controls: a preset or two dates, the grouping, and a list per dimension filled from
 * the values the range holds. Every change goes into the address (StatsScreen), nothing else.
 */
export function StatsFilters({ view, today, options, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const range = viewRange(view, today);
  const active = activeFilterCount(view);
  const earliest = addDays(today, -5 * 365);

  const setDay = (end: 'from' | 'to', value: string) => {
    if (!isDay(value)) return; // a half-typed date waits for the rest
    onChange((v) => ({ ...v, ...viewRange(v, today), preset: null, [end]: value }));
  };
  const setFilter = (dimension: StatsDimension, choice: string) =>
    onChange((v) => {
      const filters = { ...v.filters };
      if (choice === ANY) delete filters[dimension];
      else filters[dimension] = choice.slice(VALUE.length);
      return { ...v, filters };
    });
  const choices = (dimension: StatsDimension) => {
    const values = [...(options?.[dimension] ?? [])];
    const current = view.filters[dimension];
    if (current !== undefined && !values.includes(current)) values.unshift(current);
    return values;
  };

  return (
    <form
      className="stats-filters"
      aria-label={t('stats.filters.title')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="stats-filter-row">
        <fieldset className="stats-range">
          <legend className="stats-label">{t('stats.filters.range')}</legend>
          <div className="stats-range-controls">
            <div
              className="stats-presets"
              role="group"
              aria-label={t('stats.filters.presets_label')}
            >
              {RANGE_PRESETS.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className="btn btn-sm stats-preset"
                  aria-pressed={view.preset === preset}
                  onClick={() => onChange((v) => ({ ...v, preset }))}
                >
                  {t(`stats.filters.presets.${preset}`)}
                </button>
              ))}
            </div>
            <div className="stats-dates">
              {(['from', 'to'] as const).map((end) => (
                <label key={end} className="stats-date">
                  <span className="stats-label">{t(`stats.filters.${end}`)}</span>
                  <input
                    type="date"
                    className="form-control form-control-sm"
                    value={range[end]}
                    min={earliest}
                    max={today}
                    required
                    onChange={(e) => setDay(end, e.target.value)}
                  />
                </label>
              ))}
            </div>
          </div>
        </fieldset>
        <label className="stats-group">
          <span className="stats-label">{t('stats.filters.group')}</span>
          <select
            className="form-select form-select-sm"
            value={view.group}
            onChange={(e) => {
              const group = e.target.value as StatsGroup;
              onChange((v) => ({ ...v, group }));
            }}
          >
            {STATS_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`stats.groups.${group}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="stats-hint">{t('stats.filters.utc', { max: STATS_RANGE_MAX_DAYS })}</p>
      <details className="stats-more" open={active > 0 || undefined}>
        <summary>
          {t('stats.filters.more')}
          {active > 0 && (
            <span className="stats-active">{t('stats.filters.active', { count: active })}</span>
          )}
        </summary>
        <div className="stats-dimensions">
          {STATS_DIMENSIONS.map((dimension) => {
            const current = view.filters[dimension];
            return (
              <label key={dimension} className="stats-dimension">
                <span className="stats-label">{t(`stats.groups.${dimension}`)}</span>
                <select
                  className="form-select form-select-sm"
                  value={current === undefined ? ANY : VALUE + current}
                  onChange={(e) => setFilter(dimension, e.target.value)}
                >
                  <option value={ANY}>{t('stats.filters.any')}</option>
                  {choices(dimension).map((value) => (
                    <option key={value} value={VALUE + value}>
                      {keyLabel(value, dimension, {
                        lng,
                        notSet: t('stats.not_set'),
                        other: t('stats.other_values'),
                      })}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
        </div>
        {active > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-link stats-clear"
            onClick={() => onChange((v) => ({ ...v, filters: {} }))}
          >
            {t('stats.filters.clear')}
          </button>
        )}
      </details>
    </form>
  );
}
