/**
 * The build plugin that keeps i18next out of a first route which uses react-i18next's hook with
 * another translator (scripts/pure-i18next.ts), checked on real Vite builds of a two-file app.
 */
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { markI18nextPure, pureI18next } from '../../scripts/pure-i18next';

// A text of i18next's translator, which its one helper react-i18next imports does not contain.
const I18NEXT_MARK = 'returned an object instead of string';

const MAIN = `import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
const page = { language: 'en', languages: ['en'], isInitialized: true, options: {},
  on() {}, off() {}, hasLoadedNamespace: () => true, getFixedT: () => (key) => key };
function Hello() { const { t } = useTranslation(); return <p>{t('hello')}</p>; }
createRoot(document.getElementById('root')).render(
  <I18nextProvider i18n={page}><Hello /></I18nextProvider>);
// Later, the app's own i18next.
setTimeout(() => void import('./later.js').then((m) => m.start()), 1000);
`;
const LATER = `import i18next from 'i18next';
export const start = () => i18next.init({ lng: 'en', resources: {} });
`;

/** Builds the app with `plugins`; the entry file's text and the lazy chunk's. */
async function buildApp(plugins: Plugin[]): Promise<{ entry: string; lazy: string }> {
  const root = mkdtempSync(join(tmpdir(), 'amora-pure-i18next-'));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'index.html'),
    '<div id="root"></div><script type="module" src="/src/main.jsx"></script>',
  );
  writeFileSync(join(root, 'src/main.jsx'), MAIN);
  writeFileSync(join(root, 'src/later.js'), LATER);
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { outDir: join(root, 'dist'), minify: false },
  });
  const assets = join(root, 'dist/assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const text = (prefix: string) =>
    files
      .filter((f) => f.startsWith(prefix))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n');
  return { entry: text('index-'), lazy: text('later-') };
}

describe("keeping i18next out of a first route that uses only react-i18next's hook", () => {
  it('leaves all of i18next in the first route without the plugin', async () => {
    const { entry } = await buildApp([]);
    expect(entry).toContain(I18NEXT_MARK);
  });

  it('keeps i18next only where the app loads it, with the plugin', async () => {
    const { entry, lazy } = await buildApp([pureI18next()]);
    expect(entry).not.toContain(I18NEXT_MARK);
    expect(lazy).toContain(I18NEXT_MARK);
  });

  it('fails the build when i18next no longer makes its default instance as expected', () => {
    expect(() => markI18nextPure('export default class I18n {}')).toThrow(/i18next/);
    const real = readFileSync('node_modules/i18next/dist/esm/i18next.js', 'utf8');
    expect(markI18nextPure(real)).toContain('/* @__PURE__ */ I18n.createInstance()');
  });
});
