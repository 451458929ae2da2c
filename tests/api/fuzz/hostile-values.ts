/**
 * Values an attacker or a broken client sends: wrong types, injections, absurd numbers, prototype
 * keys, megabyte strings and nesting thousands of levels deep. Big ones are markers that the
 * encoder expands only when the request is sent, so ten thousand requests fit in memory.
 */
import fc from 'fast-check';

/** A string of `length` copies of `unit`, built once when first sent (then reused). */
export class Huge {
  private built: string | undefined;
  private readonly forms = new Map<string, string>();
  constructor(
    readonly length: number,
    readonly unit: string,
  ) {}
  text(): string {
    this.built ??= this.unit
      .repeat(Math.ceil(this.length / this.unit.length))
      .slice(0, this.length);
    return this.built;
  }
  /** `encode(text())`, kept: encoding a megabyte per request would cost more than sending it. */
  encoded(name: string, encode: (text: string) => string): string {
    let form = this.forms.get(name);
    if (form === undefined) this.forms.set(name, (form = encode(this.text())));
    return form;
  }
}

/** `levels` nested arrays or objects around a value, written as raw JSON when sent. */
export class Deep {
  constructor(
    readonly levels: number,
    readonly shape: 'array' | 'object',
  ) {}
  json(): string {
    return this.shape === 'array'
      ? '['.repeat(this.levels) + '1' + ']'.repeat(this.levels)
      : '{"a":'.repeat(this.levels) + '1' + '}'.repeat(this.levels);
  }
}

/** A JSON token that JSON.stringify cannot write (NaN, 1e999, 0x10…), sent as is. */
export class RawToken {
  constructor(readonly text: string) {}
}

export const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE members;--',
  "1' UNION SELECT password_hash, email FROM members--",
  '" OR ""="',
  "%' AND 1=1 --",
  '\\',
  "'",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  '....//....//etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  'foo\r\nSet-Cookie: amora_sid=evil',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202egnp.exe',
  '\u200b\u200d\ufeff',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a',
  '😀'.repeat(20),
  'NaN',
  'undefined',
  'null',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  ' ',
  '',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
  '//evil.example/',
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Numbers at and past every edge, including ones JSON.stringify cannot write. */
export const ODD_NUMBERS: unknown[] = [
  -1,
  0,
  -0,
  1.5,
  -(2 ** 31),
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawToken('NaN'),
  new RawToken('Infinity'),
  new RawToken('-Infinity'),
  new RawToken('1e999'),
  new RawToken('0x10'),
  new RawToken('01'),
  new RawToken('9'.repeat(400)),
  new RawToken('1.0e+2'),
];

/** Odd numbers as query-string text. */
export const ODD_NUMBER_TEXT = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '0x1F',
  '0b11',
  ' 1',
  '1 ',
  '+1',
  '１',
  '2147483648',
  '9007199254740993',
  '9'.repeat(400),
  '',
];

/** A megabyte string, or just over the 100 KB body limit. */
export const hugeString = fc.oneof(
  fc.constant(new Huge(1024 * 1024, 'a')),
  fc.constant(new Huge(100 * 1024 + 1, 'é')),
  fc.constant(new Huge(1024 * 1024, '\u0000')),
  fc.constant(new Huge(300_000, '😀')),
);

export const deepValue = fc.oneof(
  fc.constant(new Deep(10_000, 'array')),
  fc.constant(new Deep(10_000, 'object')),
  fc.constant(new Deep(200, 'array')),
);

/** A value of a type no field expects, or an edge of the type it does. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 20 },
  { arbitrary: fc.constantFrom(...ODD_NUMBERS), weight: 15 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }), weight: 10 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 10 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 10 },
  {
    arbitrary: fc.constantFrom(...PROTO_KEYS.map((k) => ({ [k]: { polluted: true } }))),
    weight: 5,
  },
  // Megabytes cost the test more than the server (which stops reading at 100 KB): now and then.
  { arbitrary: hugeString, weight: 2 },
  { arbitrary: deepValue, weight: 5 },
);

/** A hostile query-string value (raw text, percent-encoded by the encoder unless `raw`). */
export const hostileQueryText: fc.Arbitrary<string | Huge> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 20 },
  { arbitrary: fc.constantFrom(...ODD_NUMBER_TEXT), weight: 15 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 10 },
  {
    arbitrary: fc.constantFrom(
      new Huge(1024 * 1024, 'a'),
      new Huge(20_000, '%'),
      new Huge(9000, 'é'),
    ),
    weight: 1,
  },
);

/** Query strings no form would make: broken escapes, brackets, empty keys, repeats. */
export const brokenQueryText = fc.constantFrom(
  '%',
  '%zz',
  '%ff%fe%fd',
  '%c0%af',
  '%ed%a0%80',
  '%00',
  '&&&=&',
  '=x',
  'a[b][c][d][e][f]=1',
  'a[]=1&a[]=2',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'a=1;b=2',
  '?',
  '#frag',
  '+++',
  'x'.repeat(5000),
);
