/**
 * Turns a valid-ish value into what a careless or hostile client sends: a field missing, an extra
 * (or prototype) key, a field of the wrong type or absurd size, or a different body altogether.
 */
import fc from 'fast-check';
import { hostileValue, INJECTIONS, PROTO_KEYS } from './hostile-values';

type Path = Array<string | number>;

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null && (Array.isArray(v) || v.constructor === Object);
}

/** Paths to every value inside `v`, a few levels down. */
function pathsOf(v: unknown, prefix: Path = [], depth = 0): Path[] {
  if (!isContainer(v) || depth > 3) return [];
  return Object.keys(v).flatMap((k) => {
    const key = Array.isArray(v) ? Number(k) : k;
    const path = [...prefix, key];
    return [path, ...pathsOf((v as Record<string, unknown>)[k], path, depth + 1)];
  });
}

/** A deep copy with `path` set to `next` (or removed when `next` is `REMOVE`). */
function setAt(v: unknown, path: Path, next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (!isContainer(v)) return v;
  const copy = (Array.isArray(v) ? [...v] : { ...v }) as Record<string | number, unknown>;
  if (rest.length === 0 && next === REMOVE) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(Number(head), 1);
    else delete copy[head];
    return copy;
  }
  // Computed assignment keeps a `__proto__` key an own property instead of calling the setter.
  Object.defineProperty(copy, head, {
    value: setAt(copy[head], rest, next),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

const REMOVE = Symbol('remove');

/** The same value with the wrong type: numbers as text, text as numbers, one-element arrays. */
function retyped(v: unknown): unknown {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v === '' ? 0 : Number.isNaN(Number(v)) ? [v] : Number(v);
  if (typeof v === 'boolean') return v ? 'true' : 0;
  if (v === null) return 'null';
  if (Array.isArray(v)) return v[0] ?? {};
  return [v];
}

const extraKey = fc.oneof(
  fc.constantFrom(...PROTO_KEYS),
  fc.constantFrom(...INJECTIONS),
  fc.string({ maxLength: 20 }),
);

type Op = 'keep' | 'drop' | 'extra' | 'replace' | 'retype' | 'whole';

/** `value` unchanged (a third of the time) or changed in one place. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(value);
  const ops: Array<{ arbitrary: fc.Arbitrary<Op>; weight: number }> = [
    { arbitrary: fc.constant('keep'), weight: 8 },
    { arbitrary: fc.constant('extra'), weight: 2 },
    { arbitrary: fc.constant('whole'), weight: 1 },
  ];
  if (paths.length > 0) {
    ops.push(
      { arbitrary: fc.constant('drop'), weight: 2 },
      { arbitrary: fc.constant('replace'), weight: 4 },
      { arbitrary: fc.constant('retype'), weight: 2 },
    );
  }
  return fc
    .tuple(fc.oneof(...ops), fc.nat(), hostileValue, extraKey)
    .map(([op, n, hostile, key]) => {
      const path = paths[n % Math.max(paths.length, 1)] ?? [];
      switch (op) {
        case 'keep':
          return value;
        case 'drop':
          return setAt(value, path, REMOVE);
        case 'extra': {
          const where = isContainer(value) && !Array.isArray(value) ? value : {};
          return setAt(where, [key], hostile);
        }
        case 'replace':
          return setAt(value, path, hostile);
        case 'retype':
          return setAt(
            value,
            path,
            retyped(
              path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value),
            ),
          );
        case 'whole':
          return hostile;
      }
    });
}
