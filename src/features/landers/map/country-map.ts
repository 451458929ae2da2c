/**
 * The map lander's country maps: public/landers/maps/<CC>.svg (scripts/make-lander-media.mjs), a
 * dot map whose <metadata> lists the seed's towns in map units. Static files, so the service
 * worker's precache serves them offline; read here, drawn by MapView.
 */

/** A parsed map: its size, the dots as path data, and town → position. */
export interface CountryMap {
  country: string;
  width: number;
  height: number;
  dots: string;
  cities: Record<string, [number, number]>;
}

/** Where a country's map file lives. */
export function mapUrl(country: string): string {
  return `/landers/maps/${country.toUpperCase()}.svg`;
}

/** Reads a map file; null when it is not one of ours. */
export function parseCountryMap(country: string, text: string): CountryMap | null {
  const size = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(text);
  const dots = /<path[^>]*\sd="([^"]+)"/.exec(text);
  const meta = /<metadata>([\s\S]*?)<\/metadata>/.exec(text);
  if (!size || !dots || !meta) return null;
  try {
    const parsed: unknown = JSON.parse(meta[1] ?? '');
    const cities =
      typeof parsed === 'object' && parsed !== null && 'cities' in parsed ? parsed.cities : null;
    if (typeof cities !== 'object' || cities === null) return null;
    const valid = Object.entries(cities).filter(
      (entry): entry is [string, [number, number]] =>
        Array.isArray(entry[1]) &&
        entry[1].length === 2 &&
        entry[1].every((n: unknown) => typeof n === 'number' && Number.isFinite(n)),
    );
    return {
      country: country.toUpperCase(),
      width: Number(size[1]),
      height: Number(size[2]),
      dots: dots[1] ?? '',
      cities: Object.fromEntries(valid),
    };
  } catch {
    return null;
  }
}

/** Fetches and parses a country's map; null when there is none. */
export async function loadCountryMap(country: string): Promise<CountryMap | null> {
  const response = await fetch(mapUrl(country));
  if (!response.ok) return null;
  return parseCountryMap(country, await response.text());
}
