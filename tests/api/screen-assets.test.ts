/** The files a prerendered page asks for with the entry: its route screen's own chunks and CSS. */
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { screenAssetsOf, screenModules } from '../../scripts/screen-assets';
import { fakeBundle, type FakeChunk } from './fake-bundle';

const ROOT = '/app';

/** The fake bundle below ROOT, with one asset that is not a chunk. */
function bundle(chunks: Record<string, FakeChunk>): Rolldown.OutputBundle {
  return {
    ...fakeBundle(ROOT, chunks),
    'assets/logo.svg': { type: 'asset', fileName: 'assets/logo.svg' },
  } as unknown as Rolldown.OutputBundle;
}

const BUNDLE = bundle({
  'assets/index.js': { entry: true, imports: ['assets/react.js'], css: ['assets/index.css'] },
  'assets/react.js': {},
  'assets/Lander.js': {
    module: 'src/features/landers/LanderScreen.tsx',
    imports: ['assets/index.js', 'assets/react.js', 'assets/join.js'],
    css: ['assets/Lander.css'],
  },
  'assets/join.js': { imports: ['assets/rules.js', 'assets/index.js'], css: ['assets/index.css'] },
  'assets/rules.js': {},
  'assets/Home.js': { module: 'src/features/home/HomeScreen.tsx', imports: ['assets/index.js'] },
});

describe("a route screen's own files", () => {
  const of = screenAssetsOf(BUNDLE, ROOT);

  it('lists the screen chunk first, then what it imports that the entry does not load', () => {
    expect(of('src/features/landers/LanderScreen.tsx')).toEqual({
      js: ['/assets/Lander.js', '/assets/join.js', '/assets/rules.js'],
      css: ['/assets/Lander.css'],
    });
  });

  it('leaves out the entry, its imports and its style sheet', () => {
    expect(of('src/features/home/HomeScreen.tsx')).toEqual({ js: ['/assets/Home.js'], css: [] });
  });

  it('answers nothing for a module the bundle has no chunk for', () => {
    expect(of('src/features/pending/PendingScreen.tsx')).toEqual({ js: [], css: [] });
  });

  it('reads every screen module of the route table', () => {
    const modules = screenModules();
    expect(modules.get('videoLander')).toBe('src/features/landers/designs/VideoLander.tsx');
    expect(modules.get('memberLander')).toBe('src/features/member-lander/MemberLanderScreen.tsx');
    expect(modules.get('home')).toBe('src/features/home/HomeScreen.tsx');
  });
});
