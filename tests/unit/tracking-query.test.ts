/** The tracking query (SPEC §3): every alias, the sign-up's trafficsource and its inverse. */
import { beforeEach, describe, expect, it } from 'vitest';
import { TRAFFIC_SOURCE_KEY, trafficSource } from '../../src/lib/tracking';
import {
  parseTrafficSource,
  readTracking,
  toTrafficSource,
  TRACKING_PARAMS,
  trackingQuery,
  TRAFFIC_SOURCE_MAX,
  trafficSourceOf,
} from '../../src/shared/tracking-query';

const q = (s: string) => new URLSearchParams(s);

describe('readTracking', () => {
  it.each([
    ['network=abc', { network: 'abc' }],
    ['ref=r1', { ref: 'r1' }],
    ['sub1=x', { sub1: 'x' }],
    ['sub=x', { sub1: 'x' }],
    ['aff_sub=x', { sub1: 'x' }],
    ['aff_sub1=x', { sub1: 'x' }],
    ['sub2=y', { sub2: 'y' }],
    ['aff_sub2=y', { sub2: 'y' }],
    ['sub3=z', { sub3: 'z' }],
    ['aff_sub3=z', { sub3: 'z' }],
  ])('reads %s', (query, expected) => {
    expect(readTracking(q(query))).toEqual(expected);
  });

  it('prefers the canonical name over its aliases, whatever their order on the address', () => {
    expect(readTracking(q('aff_sub=a&sub=b&sub1=c'))).toEqual({ sub1: 'c' });
    expect(readTracking(q('aff_sub=a&sub=b'))).toEqual({ sub1: 'b' });
    expect(readTracking(q('aff_sub1=d&aff_sub=a'))).toEqual({ sub1: 'a' });
    expect(readTracking(q('aff_sub2=a&sub2=b'))).toEqual({ sub2: 'b' });
    expect(readTracking(q('aff_sub3=a&sub3=b'))).toEqual({ sub3: 'b' });
  });

  it('skips blank values, trims the rest and ignores other parameters', () => {
    expect(readTracking(q('network=%20&sub=&aff_sub=%20k%20&page=3&profile=5'))).toEqual({
      sub1: 'k',
    });
  });

  it('lists every name it reads', () => {
    expect([...TRACKING_PARAMS].sort()).toEqual(
      [
        'aff_sub',
        'aff_sub1',
        'aff_sub2',
        'aff_sub3',
        'network',
        'ref',
        'sub',
        'sub1',
        'sub2',
        'sub3',
      ].sort(),
    );
  });
});

describe('trackingQuery', () => {
  it('writes canonical names in a fixed order, to hand on to the sign-up link', () => {
    const tracking = readTracking(q('aff_sub3=z&sub=x&network=abc&page=2&ref=r'));
    expect(trackingQuery(tracking).toString()).toBe('network=abc&ref=r&sub1=x&sub3=z');
    expect(trackingQuery({}).toString()).toBe('');
  });
});

describe('trafficsource', () => {
  it('is the network alone when nothing else is given', () => {
    expect(trafficSourceOf(q('network=partner-7'))).toBe('partner-7');
  });

  it('is null without a network, whatever else is on the address', () => {
    expect(trafficSourceOf(q('sub1=x&ref=y&aff_sub2=z'))).toBeNull();
    expect(trafficSourceOf(q(''))).toBeNull();
  });

  it('carries ref and the subs, aliases resolved, after a question mark', () => {
    expect(trafficSourceOf(q('network=abc&sub1=x'))).toBe('abc?sub1=x');
    expect(trafficSourceOf(q('aff_sub=x&aff_sub2=y&aff_sub3=z&network=abc&ref=r'))).toBe(
      'abc?ref=r&sub1=x&sub2=y&sub3=z',
    );
    expect(trafficSourceOf(q('network=abc&sub=s'))).toBe('abc?sub1=s');
  });

  it('escapes what would make it ambiguous', () => {
    const source = trafficSourceOf(q('network=a%3Fb%26c&sub1=x%26y%3Dz'));
    expect(source).toBe('a%3Fb%26c?sub1=x%26y%3Dz');
    expect(parseTrafficSource(source ?? '')).toEqual({ network: 'a?b&c', sub1: 'x&y=z' });
  });

  it('round-trips through parseTrafficSource', () => {
    const tracking = { network: 'net 1', ref: 'r', sub1: 'ä', sub2: 'b', sub3: 'c' };
    expect(parseTrafficSource(toTrafficSource(tracking) ?? '')).toEqual(tracking);
    expect(parseTrafficSource('newsletter')).toEqual({ network: 'newsletter' });
    expect(parseTrafficSource('?sub1=x')).toEqual({ sub1: 'x' });
    expect(parseTrafficSource('?network=sneaky')).toEqual({});
    expect(parseTrafficSource('%E0%A4%A')).toEqual({ network: '%E0%A4%A' });
  });

  it('stays within the sign-up limit, dropping the last extras first and keeping the network', () => {
    const long = 'x'.repeat(60);
    const source = toTrafficSource({ network: 'abc', ref: long, sub1: long, sub2: 'y' });
    expect(source).toBe(`abc?ref=${long}`);
    expect(toTrafficSource({ network: 'n'.repeat(150), sub1: 'x' })).toBe('n'.repeat(100));
    const emoji = toTrafficSource({ network: '😀'.repeat(30) }) ?? '';
    expect(emoji.length).toBeLessThanOrEqual(TRAFFIC_SOURCE_MAX);
    expect(decodeURIComponent(emoji)).toBe('😀'.repeat(8));
  });
});

describe('trafficSource (remembered for the tab)', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers the whole source of a lander address for a later sign-up page', () => {
    expect(trafficSource(q('network=abc&sub1=x'))).toBe('abc?sub1=x');
    expect(sessionStorage.getItem(TRAFFIC_SOURCE_KEY)).toBe('abc?sub1=x');
    expect(trafficSource(q('page=2'))).toBe('abc?sub1=x');
  });

  it('does not replace a remembered source with an address that has no network', () => {
    trafficSource(q('network=first'));
    expect(trafficSource(q('sub1=later'))).toBe('first');
    expect(trafficSource(q('network=second'))).toBe('second');
  });
});
