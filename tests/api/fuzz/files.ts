/** Files an upload field may carry: real tiny images, images that lie about their size, and junk. */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG whose header claims `width` x `height` and whose data holds `rows` real rows. */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // Each row: filter type 0, then grey pixels.
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: Math.min(rows, height) }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const smallPng = png(4, 4);

/** File parts: name, type and bytes. */
export const UPLOADS: Array<{ filename: string; type: string; bytes: Uint8Array }> = [
  { filename: 'me.png', type: 'image/png', bytes: smallPng },
  { filename: 'bomb.png', type: 'image/png', bytes: png(60_000, 60_000, 1) },
  { filename: 'cut.png', type: 'image/png', bytes: smallPng.subarray(0, 40) },
  { filename: 'lies.jpg', type: 'image/jpeg', bytes: smallPng },
  {
    filename: 'broken.jpg',
    type: 'image/jpeg',
    bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]),
  },
  {
    filename: 'x.gif',
    type: 'image/gif',
    bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
  },
  {
    filename: 'x.svg',
    type: 'image/svg+xml',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { filename: '../../../etc/passwd', type: 'image/png', bytes: smallPng },
  { filename: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
  {
    filename: 'noise.bin',
    type: 'application/octet-stream',
    bytes: Buffer.from('\x00\xff\xfe\x01'),
  },
];
