// The console's icons, drawn here (no image files in the repository): a white cross on the
// theme's blue, as an SVG and as the PNG sizes an installable web app needs (192, 512, and a
// maskable 512 whose cross stays inside the safe zone).
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

export const THEME_COLOR = '#0b3d91';
const BLUE = [0x0b, 0x3d, 0x91];
const WHITE = [0xff, 0xff, 0xff];

export const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="${THEME_COLOR}"/><path d="M19 9h10v10h10v10H29v10H19V29H9V19h10z" fill="#fff"/></svg>
`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A size×size PNG of the cross; `inset` is the share of the side left blue around it. */
export function iconPng(size, inset = 0.19) {
  const arm = (x, y) => {
    const u = x / size;
    const v = y / size;
    const inner = (t) => t >= inset && t < 1 - inset;
    const band = (t) => t >= 0.5 - (0.5 - inset) / 3 && t < 0.5 + (0.5 - inset) / 3;
    return (inner(u) && band(v)) || (inner(v) && band(u));
  };
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(arm(x + 0.5, y + 0.5) ? WHITE : BLUE, 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable', inset: 0.28 },
];
