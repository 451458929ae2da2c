/** Intl objects built once per language and options, then reused: building costs far more than using. */
import { intlLocale } from './languages';

/** The object `build` makes for `lng`'s locale and `options`, kept in `cache` after the first. */
export function cachedIntl<F, O>(
  cache: Map<string, F>,
  lng: string,
  options: O,
  build: (locale: string, options: O) => F,
): F {
  const locale = intlLocale(lng);
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = cache.get(key);
  if (!made) {
    made = build(locale, options);
    cache.set(key, made);
  }
  return made;
}
