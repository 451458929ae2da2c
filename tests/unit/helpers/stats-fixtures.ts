/** Answers of GET /api/stats.php for the stats console's tests. */
import {
  FUNNEL_STEPS,
  STATS_DIMENSIONS,
  StatsResponse,
  type StatsRevenue,
  type StatsRow,
  type StepCounts,
} from '../../../src/shared/contract/stats';

/** Step counts, zero unless given. */
export function counts(given: Partial<StepCounts> = {}): StepCounts {
  return { ...Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])), ...given } as StepCounts;
}

/** A currency's money: `gross` paid in `purchases` payments, `refunds` in `refundCount`. */
export function revenue(currency: string, gross: number, refunds = 0, purchases = 1): StatsRevenue {
  return {
    currency,
    gross,
    refunds,
    net: gross - refunds,
    purchases,
    refund_count: refunds > 0 ? 1 : 0,
  };
}

export function row(key: string, given: Partial<StepCounts> = {}, money: StatsRevenue[] = []) {
  return { key, counts: counts(given), revenue: money } satisfies StatsRow;
}

/**
 * Three days of December 2026 grouped by day: views, sign-ups and a purchase in euros and
 * pounds, one partner failure; parsed by the contract, so a fixture that drifts from it fails.
 */
export function statsAnswer(overrides: Partial<StatsResponse> = {}): StatsResponse {
  const rows = [
    row('2026-12-01', {
      lander_view: 120,
      finder_view: 30,
      signup_started: 12,
      signup_completed: 9,
    }),
    row(
      '2026-12-02',
      {
        lander_view: 100,
        finder_view: 50,
        signup_started: 15,
        signup_completed: 10,
        activated: 8,
        first_purchase: 2,
        premium_start: 1,
        first_message: 4,
      },
      [revenue('EUR', 3998, 0, 2), revenue('GBP', 1299)],
    ),
    row('2026-12-03'),
  ];
  return StatsResponse.parse({
    from: '2026-12-01',
    to: '2026-12-03',
    group: 'day',
    rows,
    totals: row(
      '',
      {
        lander_view: 220,
        finder_view: 80,
        signup_started: 27,
        signup_completed: 19,
        activated: 8,
        first_purchase: 2,
        premium_start: 1,
        first_message: 4,
      },
      [revenue('EUR', 3998, 0, 2), revenue('GBP', 1299)],
    ),
    options: {
      ...Object.fromEntries(STATS_DIMENSIONS.map((d) => [d, []])),
      country: ['NL', 'DE', ''],
      network: ['adnet', 'clicks'],
    },
    postbacks: {
      delivered: 14,
      pending: 2,
      failed: 1,
      recent_failures: [
        {
          network: 'clicks',
          event: 'first_purchase',
          attempts: 6,
          last_error: 'HTTP 503',
          last_attempt_at: '2026-12-03T09:00:00.000Z',
          given_up: true,
        },
      ],
    },
    generated_at: '2026-12-03T10:00:00.000Z',
    ...overrides,
  });
}
