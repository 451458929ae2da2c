import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsRow } from '../../../shared/contract/stats';
import { dateTimeFormat } from '../../../shared/dates';
import { useTemplate } from '../../../app/template/template-context';
import { TIME_STEPS, timeChartData, type TimeStep } from '../stats-chart-data';
import { formatCount } from '../stats-figures';
import type { TimeChart as Drawn } from './time-chart-plot';

const HEIGHT = 280;

/**
 * The main steps per day. uPlot comes with its own chunk when this first mounts; until then (and
 * if it cannot load, offline on a first visit) the space stays reserved and the table below holds
 * the same figures, which is also the chart's text alternative.
 */
export function TimeChart({ rows }: { rows: readonly StatsRow[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const design = useTemplate().config.templateName;
  const box = useRef<HTMLDivElement>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let drawn: Drawn | null = null;
    let live = true;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) drawn?.resize(Math.floor(entry.contentRect.width));
    });
    const dayFormat = dateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const steps = Object.fromEntries(
      TIME_STEPS.map((step) => [step, t(`stats.steps.${step}`)]),
    ) as Record<TimeStep, string>;
    const failed = (error: unknown) => {
      console.warn('The chart could not be drawn', error);
      if (live) setBroken(true);
    };
    import('./time-chart-plot')
      .then(({ drawTimeChart }) => {
        if (!live) return;
        target.replaceChildren();
        drawn = drawTimeChart(
          target,
          timeChartData(rows),
          {
            x: t('stats.groups.day'),
            views: t('stats.charts.views_axis'),
            steps,
            day: (seconds) => dayFormat.format(seconds * 1000),
            count: (value) => formatCount(value, lng),
          },
          Math.floor(target.clientWidth),
          HEIGHT,
        );
        observer.observe(target);
      })
      .catch(failed);
    return () => {
      live = false;
      observer.disconnect();
      drawn?.destroy();
    };
    // The template is read back from the page's colours: a new design draws the chart again.
  }, [rows, lng, t, design]);

  if (broken) return <p className="stats-chart-missing">{t('stats.charts.unavailable')}</p>;
  return <div ref={box} className="stats-time-chart" style={{ minHeight: HEIGHT }} />;
}
