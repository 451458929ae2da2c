// Renders the app icons in public/ from one SVG with sharp: `node scripts/make-icons.mjs`.
// The PNGs are committed; run this again only when the mark changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'public');
const HEART = 'M32 50 15.8 34.2a10 10 0 0 1 14.1-14.1L32 22.2l2.1-2.1a10 10 0 0 1 14.1 14.1Z';
const GRADIENT = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#f08a5d"/><stop offset="0.55" stop-color="#d2475f"/><stop offset="1" stop-color="#b8324f"/>
</linearGradient>`;

/** The mark: rounded square with the heart; `maskable` fills the square and keeps the heart in the safe zone. */
function svg({ maskable = false } = {}) {
  const heart = maskable
    ? `<g transform="translate(32 34) scale(0.72) translate(-32 -34)"><path d="${HEART}" fill="#fff"/></g>`
    : `<path d="${HEART}" fill="#fff"/>`;
  const shape = maskable
    ? '<rect width="64" height="64" fill="url(#g)"/>'
    : '<rect width="64" height="64" rx="16" fill="url(#g)"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${GRADIENT}</defs>${shape}${heart}</svg>`;
}

async function png(size, options) {
  return sharp(Buffer.from(svg(options)), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An .ico holding one PNG image (allowed since Windows Vista; every browser reads it). */
function ico(pngData, size) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(pngData.length, 8);
  entry.writeUInt32LE(22, 12);
  return Buffer.concat([header, entry, pngData]);
}

mkdirSync(join(out, 'icons'), { recursive: true });
writeFileSync(join(out, 'favicon.svg'), svg() + '\n');
writeFileSync(join(out, 'favicon.ico'), ico(await png(32), 32));
writeFileSync(join(out, 'icons/icon-192.png'), await png(192));
writeFileSync(join(out, 'icons/icon-512.png'), await png(512));
writeFileSync(join(out, 'icons/icon-maskable-512.png'), await png(512, { maskable: true }));
writeFileSync(join(out, 'icons/apple-touch-icon.png'), await png(180, { maskable: true }));
console.log('Icons written to public/');
