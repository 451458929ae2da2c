/**
 * The order of the API's times (`toISOString()`: one fixed width, UTC), which is their order as
 * strings. Compared by code unit: `localeCompare` would build a collator for the language first,
 * tens of milliseconds on a slow phone, in the middle of a screen's first render.
 */
export function byIsoTime(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
