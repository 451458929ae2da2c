/** The site icon inlined into index.html by the build. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineFavicon } from '../../scripts/inline-favicon';

type Transform = (html: string) => string;

describe('inlining the site icon', () => {
  const transform = inlineFavicon().transformIndexHtml as Transform;

  it('puts public/favicon.svg into the icon link as a data address', () => {
    const html = transform(
      '<head><link rel="icon" href="/favicon.svg" type="image/svg+xml" /></head>',
    );
    const address = /href="(data:image\/svg\+xml,[^"]+)"/.exec(html)?.[1];
    expect(address).toBeDefined();
    const svg = decodeURIComponent(address!.slice('data:image/svg+xml,'.length));
    expect(svg).toBe(readFileSync('public/favicon.svg', 'utf8').trim().replace(/>\s+</g, '><'));
    expect(html).not.toContain('/favicon.svg"');
  });

  it('fails the build when index.html no longer links the icon', () => {
    expect(() => transform('<head></head>')).toThrow(/favicon/);
  });
});
