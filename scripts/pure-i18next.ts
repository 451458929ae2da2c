/**
 * react-i18next's hook imports one small helper from i18next, and a prerendered page's first route
 * renders with the page translator (src/i18n/page-i18n.ts): it must not carry all of i18next for
 * that helper. Two obstacles: i18next's module makes its default instance as it loads and reads a
 * dozen methods off it, so a bundle keeps the whole module for any one import; and a module lives
 * in one chunk, so the app's i18next, loaded later, would pull it into the first route anyway.
 * So react-i18next gets a copy of its own of i18next's module, and in both copies those
 * statements are marked pure: the bundler drops them wherever the default instance goes unused,
 * and react-i18next's copy shrinks to the helper. A release of i18next that no longer has them
 * fails the build.
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]node_modules[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js(\?helpers)?$/;
const REACT_I18NEXT = /[\\/]node_modules[\\/]react-i18next[\\/]/;
const DEFAULT_INSTANCE = 'const instance = I18n.createInstance();';
const METHOD_READ = /^const (\w+) = instance\.(\w+);$/gm;

/** i18next's module with its default instance and the reads of its methods marked pure. */
export function markI18nextPure(code: string): string {
  const reads = code.match(METHOD_READ)?.length ?? 0;
  if (!code.includes(DEFAULT_INSTANCE) || reads === 0)
    throw new Error(
      'i18next no longer makes its default instance as expected: see scripts/pure-i18next.ts',
    );
  return code
    .replace(DEFAULT_INSTANCE, 'const instance = /* @__PURE__ */ I18n.createInstance();')
    .replace(METHOD_READ, 'const $1 = /* @__PURE__ */ (() => instance.$2)();');
}

export function pureI18next(): Plugin {
  return {
    name: 'amora-pure-i18next',
    // The dev server serves libraries pre-bundled; this is about the built first route.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'i18next' || !importer || !REACT_I18NEXT.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?helpers` };
    },
    transform(code, id) {
      return MODULE.test(id) ? { code: markI18nextPure(code), map: null } : undefined;
    },
  };
}
