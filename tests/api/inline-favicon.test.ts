/** The site icon inlined into index.html by the build. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it("reads the icon from the build's public folder, wherever the build runs from", () => {
    const publicDir = mkdtempSync(join(tmpdir(), 'amora-public-'));
    writeFileSync(join(publicDir, 'favicon.svg'), '<svg id="elsewhere"/>\n');
    const plugin = inlineFavicon();
    (plugin.configResolved as (config: { publicDir: string }) => void)({ publicDir });
    const html = (plugin.transformIndexHtml as Transform)(
      '<link rel="icon" href="/favicon.svg" />',
    );
    expect(html).toContain(
      `href="data:image/svg+xml,${encodeURIComponent('<svg id="elsewhere"/>')}"`,
    );
  });

  it('fails the build when index.html no longer links the icon', () => {
    expect(() => transform('<head></head>')).toThrow(/favicon/);
  });
});
