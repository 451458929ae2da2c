/** The acquisition pages' pure rules: designs per route, tracking kept, counts, maps, variants. */
import { describe, expect, it } from 'vitest';
import {
  landerKind,
  mapCountry,
  nameWithAge,
  totalKind,
  withTracking,
} from '../../src/features/landers/lander-rules';
import { parseCountryMap } from '../../src/features/landers/map/country-map';
import { mapPins, taggedPins } from '../../src/features/landers/map/map-rules';
import {
  afterSignup,
  memberLanderVariant,
} from '../../src/features/member-lander/member-lander-rules';
import { LANDER_KINDS, ROUTES } from '../../src/shared/route-table';
import { profile } from './helpers/fixtures';
import NL_MAP from '../../public/landers/maps/NL.svg?raw';

describe('lander routes', () => {
  it('gives every lander path of the route table its own design', () => {
    const kinds = ROUTES.filter((r) => r.name.startsWith('landers-')).map((r) =>
      landerKind(r.path),
    );
    expect(kinds).toEqual([...LANDER_KINDS]);
    expect(landerKind('/members/:memberId/signup')).toBeNull();
    expect(landerKind('/landers/unknown/:slug')).toBeNull();
  });

  it('picks the member lander variant from the route name', () => {
    expect(memberLanderVariant('members-memberId-signup')).toBe('card');
    expect(memberLanderVariant('members-memberId-landing')).toBe('card');
    expect(memberLanderVariant('members-memberId-landing2-slug')).toBe('photo');
    expect(memberLanderVariant('members-memberId-landing3-slug')).toBe('chat');
  });

  it('opens the conversation after sign-up, or the wizard without a member', () => {
    expect(afterSignup(42, '/signup?network=abc')).toBe('/members/42/chat');
    expect(afterSignup(null, '/signup?network=abc')).toBe('/signup?network=abc');
  });
});

describe('tracking on sign-up links', () => {
  it('keeps network, ref and the subs under their canonical names', () => {
    expect(withTracking('/signup', '?network=abc&sub=x&aff_sub2=y&ref=r&utm=z')).toBe(
      '/signup?network=abc&ref=r&sub1=x&sub2=y',
    );
  });

  it('adds to a path that has a query already, and leaves a path alone without tracking', () => {
    expect(withTracking('/signup?profile=7', '?network=n1&sub3=q')).toBe(
      '/signup?profile=7&network=n1&sub3=q',
    );
    expect(withTracking('/signup', '?page=2')).toBe('/signup');
  });
});

describe('headline figures', () => {
  it('says "more than" from 100 on, where the server rounds down', () => {
    expect(totalKind(99)).toBe('exact');
    expect(totalKind(100)).toBe('more');
    expect(totalKind(2400)).toBe('more');
  });

  it('writes a name with its age, or alone', () => {
    expect(nameWithAge({ name: 'Anna', age: 31 })).toBe('Anna, 31');
    expect(nameWithAge({ name: 'Anna', age: null })).toBe('Anna');
  });
});

describe('map lander', () => {
  const mapped = ['NL', 'BE', 'DE', 'GB'];

  it("draws the visitor's country first, else where most members live, else the language's", () => {
    const members = [{ country: 'DE' }, { country: 'BE' }, { country: 'be' }];
    expect(mapCountry(members, 'nl', 'en', mapped)).toBe('NL');
    expect(mapCountry(members, 'US', 'en', mapped)).toBe('BE');
    expect(mapCountry([], null, 'de', mapped)).toBe('DE');
    expect(mapCountry([], null, 'pl', mapped)).toBe('NL');
  });

  it('pins members on their own town only, never two photos on top of each other', () => {
    const cities = { Utrecht: [100, 200] as const, Breda: [80, 300] as const };
    const members = [
      profile(1, { city: 'Utrecht', country: 'NL' }),
      profile(2, { city: 'Utrecht', country: 'NL' }),
      profile(3, { city: 'Breda', country: 'NL' }),
      profile(4, { city: 'Utrecht', country: 'BE' }),
      profile(5, { city: 'Zwolle', country: 'NL' }),
      profile(6, { city: null, country: 'NL' }),
      profile(7, { city: 'Utrecht', country: 'NL' }),
    ];
    const { pins, unplaced } = mapPins(members, 'NL', cities, 40);
    expect(pins.map((p) => p.profile.id)).toEqual([1, 2, 3, 7]);
    expect(unplaced.map((p) => p.id)).toEqual([4, 5, 6]);
    for (const [i, a] of pins.entries()) {
      for (const b of pins.slice(i + 1)) {
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(39);
      }
    }
    // Each stays near its own town.
    const breda = pins.find((p) => p.profile.id === 3);
    expect(Math.hypot((breda?.x ?? 0) - 80, (breda?.y ?? 0) - 300)).toBeLessThan(40);
    for (const id of [1, 2, 7]) {
      const pin = pins.find((p) => p.profile.id === id);
      expect(Math.hypot((pin?.x ?? 0) - 100, (pin?.y ?? 0) - 200)).toBeLessThan(60);
    }
  });

  it('tags pins without letting a tag cover another tag or a photo', () => {
    const at = (id: number, x: number, y: number) => ({ profile: profile(id), x, y });
    const tag = { width: 50, height: 10 };
    // 1's tag would cover 2's photo just below it, as 4's would cover 5's; 3 is far from all.
    const pins = [
      at(1, 100, 100),
      at(2, 110, 105),
      at(3, 300, 100),
      at(4, 100, 300),
      at(5, 105, 320),
    ];
    expect([...taggedPins(pins, 5, tag, 20)]).toEqual([2, 3, 5]);
    expect([...taggedPins(pins, 1, tag, 20)]).toEqual([2]);
  });

  it('reads the committed map files: size, dots and the towns of the seed', () => {
    const text = NL_MAP;
    const map = parseCountryMap('nl', text);
    expect(map).not.toBeNull();
    expect(map?.country).toBe('NL');
    expect(map?.dots.startsWith('M')).toBe(true);
    const [x, y] = map?.cities.Amsterdam ?? [-1, -1];
    const [hx, hy] = map?.cities['Den Haag'] ?? [-1, -1];
    // Amsterdam lies north-east of The Hague, inside the map.
    expect(x).toBeGreaterThan(hx);
    expect(y).toBeLessThan(hy);
    expect(x).toBeLessThan(map?.width ?? 0);
  });

  it('refuses a file that is not one of our maps', () => {
    expect(parseCountryMap('NL', '<svg viewBox="0 0 10 10"></svg>')).toBeNull();
    expect(
      parseCountryMap(
        'NL',
        '<svg viewBox="0 0 10 10"><metadata>{"cities":{"A":[1,"x"]}}</metadata><path d="M1 1h0"/></svg>',
      )?.cities,
    ).toEqual({});
    expect(
      parseCountryMap(
        'NL',
        '<svg viewBox="0 0 10 10"><metadata>nope</metadata><path d="M1 1h0"/></svg>',
      ),
    ).toBeNull();
  });
});
