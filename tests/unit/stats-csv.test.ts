import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, type StatsResponse } from '../../src/shared/contract/stats';
import { majorUnits, statsCsv, statsCsvFilename } from '../../src/shared/stats-csv';

const counts = Object.fromEntries(
  FUNNEL_STEPS.map((s) => [s, 0]),
) as StatsResponse['totals']['counts'];
const money = (currency: string, gross: number, refunds: number) => ({
  currency,
  gross,
  refunds,
  net: gross - refunds,
  purchases: 1,
  refund_count: refunds > 0 ? 1 : 0,
});

function answer(rows: StatsResponse['rows']): StatsResponse {
  return {
    from: '2026-12-01',
    to: '2026-12-02',
    group: 'network',
    rows,
    totals: { key: '', counts, revenue: [] },
    options: {
      design: [],
      slug: [],
      language: [],
      country: [],
      network: [],
      sub1: [],
      sub2: [],
      sub3: [],
    },
    postbacks: { delivered: 0, pending: 0, failed: 0, recent_failures: [] },
    generated_at: '2026-12-02T10:00:00.000Z',
  };
}

describe('the stats CSV', () => {
  it('writes minor units as major units with the currency’s own digits', () => {
    expect(majorUnits(3199, 2)).toBe('31.99');
    expect(majorUnits(5, 2)).toBe('0.05');
    expect(majorUnits(-195, 2)).toBe('-1.95');
    expect(majorUnits(1500, 0)).toBe('1500');
    expect(majorUnits(1234, 3)).toBe('1.234');
  });

  it('gives every currency of any row its columns, and quotes and defuses text cells', () => {
    const csv = statsCsv(
      answer([
        { key: 'net,work', counts: { ...counts, lander_view: 3 }, revenue: [money('JPY', 900, 0)] },
        { key: '+1 "quoted"', counts, revenue: [money('EUR', 1000, 250)] },
        { key: '@x\nnext', counts, revenue: [] },
      ]),
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(
      /^network,lander_view,.*,first_message,gross EUR,refunds EUR,net EUR,gross JPY,refunds JPY,net JPY$/,
    );
    expect(lines[1]).toBe('"net,work",3,0,0,0,0,0,0,0,0.00,0.00,0.00,900,0,900');
    expect(lines[2]).toBe(`"'+1 ""quoted""",0,0,0,0,0,0,0,0,10.00,2.50,7.50,0,0,0`);
    expect(lines[3]).toBe(`"'@x\nnext",0,0,0,0,0,0,0,0,0.00,0.00,0.00,0,0,0`);
    expect(lines[4]).toBe('total,0,0,0,0,0,0,0,0,0.00,0.00,0.00,0,0,0');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('names the file after the range', () => {
    expect(statsCsvFilename({ from: '2026-12-01', to: '2026-12-02' })).toBe(
      'stats-2026-12-01-2026-12-02.csv',
    );
  });
});
