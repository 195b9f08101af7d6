// The console's icons, drawn here (no image files in the repository): a white cross on the
// theme's blue, as an SVG and as the PNG sizes an installable web app needs (192, 512, and a
// maskable 512 whose cross stays inside the safe zone).
import { rgbPng } from './png.mjs';

export const THEME_COLOR = '#0b3d91';
const BLUE = [0x0b, 0x3d, 0x91];
const WHITE = [0xff, 0xff, 0xff];

export const iconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="${THEME_COLOR}"/><path d="M19 9h10v10h10v10H29v10H19V29H9V19h10z" fill="#fff"/></svg>
`;

/** A size×size PNG of the cross; `inset` is the share of the side left blue around it. */
export function iconPng(size, inset = 0.19) {
  const arm = (x, y) => {
    const u = x / size;
    const v = y / size;
    const inner = (t) => t >= inset && t < 1 - inset;
    const band = (t) => t >= 0.5 - (0.5 - inset) / 3 && t < 0.5 + (0.5 - inset) / 3;
    return (inner(u) && band(v)) || (inner(v) && band(u));
  };
  return rgbPng(size, (x, y) => (arm(x + 0.5, y + 0.5) ? WHITE : BLUE));
}

export const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable', inset: 0.28 },
];
