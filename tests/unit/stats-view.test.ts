/** The stats console's rules without a browser: the view in the address, rates, labels, charts. */
import { describe, expect, it } from 'vitest';
import { STATS_OTHER_VALUE, StatsQuery } from '../../src/shared/contract/stats';
import { funnelBars, timeChartData } from '../../src/features/stats/stats-chart-data';
import { csvBlob, csvHref } from '../../src/features/stats/stats-csv';
import { statsCsv } from '../../src/shared/stats-csv';
import {
  conversionRate,
  formatCount,
  formatMinor,
  formatRate,
  netLines,
} from '../../src/features/stats/stats-figures';
import { dayLabel, keyLabel } from '../../src/features/stats/stats-labels';
import {
  addDays,
  isDay,
  parseStatsView,
  presetRange,
  rangeProblem,
  statsRequest,
  statsSearch,
  todayUtc,
} from '../../src/features/stats/stats-query';
import { counts, revenue, statsAnswer } from './helpers/stats-fixtures';

const TODAY = '2026-12-06';

describe('the view in the address', () => {
  it('opens on the last 30 days by day without a query, or with one it cannot read', () => {
    for (const search of ['', 'range=year&group=week', 'from=2026-02-30&to=2026-03-01']) {
      expect(parseStatsView(search, TODAY)).toEqual({
        preset: '30d',
        from: '2026-11-07',
        to: TODAY,
        group: 'day',
        filters: {},
      });
    }
  });

  it('reads a preset, chosen dates, the grouping and every filter, an empty one included', () => {
    expect(parseStatsView('range=7d&group=country&network=adnet&sub2=', TODAY)).toEqual({
      preset: '7d',
      from: '2026-11-30',
      to: TODAY,
      group: 'country',
      filters: { network: 'adnet', sub2: '' },
    });
    const chosen = parseStatsView('from=2026-01-01&to=2026-01-31&group=design', TODAY);
    expect(chosen).toMatchObject({ preset: null, from: '2026-01-01', to: '2026-01-31' });
  });

  it('writes one address per view, whatever order the parameters came in', () => {
    const view = parseStatsView(
      'sub1=x&country=NL&group=slug&to=2026-02-01&from=2026-01-01',
      TODAY,
    );
    expect(statsSearch(view)).toBe('from=2026-01-01&to=2026-02-01&group=slug&country=NL&sub1=x');
    expect(statsSearch(parseStatsView(statsSearch(view), TODAY))).toBe(statsSearch(view));
    expect(statsSearch(parseStatsView('', TODAY))).toBe('range=30d');
    // A value with spaces and symbols survives the round trip.
    const odd = parseStatsView('network=a%26b+c%3D', TODAY);
    expect(odd.filters.network).toBe('a&b c=');
    expect(parseStatsView(statsSearch(odd), TODAY).filters.network).toBe('a&b c=');
  });

  it('keeps a preset as a preset, so a bookmark follows today', () => {
    const view = parseStatsView('range=month', TODAY);
    expect(statsRequest(view, '2027-01-15').query).toMatchObject({
      from: '2027-01-01',
      to: '2027-01-15',
    });
    expect(statsRequest(view, '2027-01-15').key).toBe('range=month');
  });

  it('asks the API for a query its contract accepts', () => {
    const view = parseStatsView('range=90d&group=network&country=&sub3=partner-7', TODAY);
    const { query } = statsRequest(view, TODAY);
    expect(StatsQuery.parse(query)).toEqual({
      ...query,
      format: 'json',
      from: '2026-09-08',
      to: TODAY,
      country: '',
      sub3: 'partner-7',
    });
  });
});

describe('days and ranges', () => {
  it('counts in UTC days and knows real dates only', () => {
    expect(todayUtc(new Date('2026-12-06T23:30:00-05:00'))).toBe('2026-12-07');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-11-30', to: TODAY });
    expect(presetRange('month', '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('refuses what the contract refuses, before asking', () => {
    expect(rangeProblem({ from: '2026-12-02', to: '2026-12-01' })).toBe('stats.errors.range_order');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-05' })).toBe(
      'stats.errors.range_too_long',
    );
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-05' })).toBe(
      StatsQuery.safeParse({ from: '2025-01-01', to: '2026-02-05' }).error?.issues[0]?.message,
    );
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-04' })).toBeNull();
    expect(StatsQuery.safeParse({ from: '2025-01-01', to: '2026-02-04' }).success).toBe(true);
  });
});

describe('rates', () => {
  const totals = statsAnswer().totals.counts;

  it('measures each step against the one before, sign-ups against both kinds of views', () => {
    expect(conversionRate(totals, 'signup_started')).toBeCloseTo(27 / 300);
    expect(conversionRate(totals, 'signup_completed')).toBeCloseTo(19 / 27);
    expect(conversionRate(totals, 'activated')).toBeCloseTo(8 / 19);
    expect(conversionRate(totals, 'first_purchase')).toBeCloseTo(2 / 8);
    expect(conversionRate(totals, 'premium_start')).toBeCloseTo(1 / 8);
    expect(conversionRate(totals, 'first_message')).toBeCloseTo(4 / 8);
    expect(conversionRate(totals, 'lander_view')).toBeNull();
  });

  it('has no rate where nothing came before, and writes a dash for it', () => {
    expect(conversionRate(counts({ activated: 3 }), 'activated')).toBeNull();
    expect(formatRate(null, 'en')).toBe('–');
  });

  it('writes rates, counts and money the way each language does', () => {
    expect(formatRate(27 / 300, 'en')).toBe('9.0%');
    expect(formatRate(27 / 300, 'de')).toBe('9,0\u00a0%');
    expect(formatRate(2 / 3, 'fr')).toMatch(/^66,7\s%$/);
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'nl')).toBe('12.345');
    expect(formatMinor(3998, 'EUR', 'en')).toBe('€39.98');
    expect(formatMinor(3998, 'EUR', 'nl')).toBe('€\u00a039,98');
    expect(formatMinor(-499, 'EUR', 'de')).toBe('-4,99\u00a0€');
    expect(formatMinor(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(netLines([revenue('EUR', 1000, 250), revenue('PLN', 5000)], 'pl')).toEqual([
      '7,50\u00a0€',
      '50,00\u00a0zł',
    ]);
  });
});

describe('labels', () => {
  it('names days, countries, languages, unset and other values in the interface language', () => {
    const en = { lng: 'en', notSet: '(not set)', other: '(other values)' };
    expect(keyLabel('2026-12-01', 'day', en)).toBe('Tue, Dec 1');
    expect(keyLabel('2026-12-01', 'day', { ...en, withYear: true })).toBe('Tue, Dec 1, 2026');
    expect(dayLabel('2026-12-01', 'de')).toBe('Di., 1. Dez.');
    expect(keyLabel('NL', 'country', en)).toBe('Netherlands');
    expect(keyLabel('NL', 'country', { lng: 'nl', notSet: '', other: '' })).toBe('Nederland');
    expect(keyLabel('de', 'language', en)).toBe('German');
    expect(keyLabel('', 'network', en)).toBe('(not set)');
    expect(keyLabel('partner&co', 'sub1', en)).toBe('partner&co');
    expect(keyLabel(STATS_OTHER_VALUE, 'sub2', en)).toBe('(other values)');
  });
});

describe('charts', () => {
  it('lays the main steps out per UTC day, views on their own', () => {
    const data = timeChartData(statsAnswer().rows);
    expect(data.x).toEqual([1796083200, 1796169600, 1796256000]);
    expect(new Date(data.x[0]! * 1000).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(data.views).toEqual([150, 150, 0]);
    expect(data.steps.signup_started).toEqual([12, 15, 0]);
    expect(data.steps.first_purchase).toEqual([0, 2, 0]);
  });

  it('measures each funnel bar against the largest total, zeros included', () => {
    const bars = funnelBars(statsAnswer().totals.counts);
    expect(bars.map((b) => b.step)[0]).toBe('lander_view');
    expect(bars[0]).toMatchObject({ count: 220, share: 1, rate: null });
    expect(bars.find((b) => b.step === 'signup_started')?.share).toBeCloseTo(27 / 220);
    expect(funnelBars(counts()).every((b) => b.share === 0)).toBe(true);
  });
});

describe('CSV', () => {
  it('links the server’s CSV of the range on screen with the same filters', () => {
    const answer = statsAnswer({ group: 'country' });
    expect(csvHref(answer, { sub1: '', network: 'ad net' })).toBe(
      '/api/stats.php?from=2026-12-01&to=2026-12-03&group=country&network=ad+net&sub1=&format=csv',
    );
  });

  it('makes the same file from a stored answer as the server writes', async () => {
    const answer = statsAnswer();
    const blob = csvBlob(answer);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe(statsCsv(answer));
    expect((await blob.text()).split('\r\n')[2]).toBe(
      '2026-12-02,100,50,15,10,8,2,1,4,39.98,0.00,39.98,12.99,0.00,12.99',
    );
  });
});
