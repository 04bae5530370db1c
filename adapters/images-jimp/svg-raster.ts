import { Resvg } from '@resvg/resvg-js';
import { ImageUnreadable, type ImageBox } from '../../core/ports/image-processor.ts';

export interface RawBitmap { data: Buffer; width: number; height: number }

// An SVG may point at other files: resvg resolves a plain `href` against the file system, so an upload could pull
// a picture off the server into a public brand image. Only in-document references (`#id`) and inline `data:` are
// allowed; anything else makes the SVG unreadable for us.
const HREF = /\b(?:xlink:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const STYLE_URL = /url\(\s*['"]?\s*(?!#|data:)[^)'"\s]/i;
const IMPORT = /@import/i;

function refuseOutsideReferences(svg: string): void {
  for (const m of svg.matchAll(HREF)) {
    const target = (m[1] ?? m[2] ?? '').trim();
    if (!target.startsWith('#') && !/^data:/i.test(target)) throw new ImageUnreadable('An SVG may not refer to other files or addresses.');
  }
  if (STYLE_URL.test(svg) || IMPORT.test(svg)) throw new ImageUnreadable('An SVG may not refer to other files or addresses.');
}

/**
 * Rasterises an SVG at its own size, or straight at the size that fits `box` when it is larger (a vector need not
 * be drawn big and then shrunk). Never drawn larger than its own size (spec: fitted, never upscaled).
 */
export function rasteriseSvg(bytes: Uint8Array, box: ImageBox): RawBitmap {
  const text = Buffer.from(bytes).toString('utf8');
  refuseOutsideReferences(text);
  let svg: Resvg;
  try {
    svg = new Resvg(text, { logLevel: 'off' });
  } catch {
    throw new ImageUnreadable('The SVG could not be read.');
  }
  const width = svg.width;
  const height = svg.height;
  if (!(width > 0 && height > 0)) throw new ImageUnreadable('The SVG has no size.');
  const scale = Math.min(1, box.width / width, box.height / height);
  const target = Math.max(1, Math.round(width * scale));
  const rendered = new Resvg(text, { logLevel: 'off', fitTo: { mode: 'width', value: target } }).render();
  return { data: rendered.pixels, width: rendered.width, height: rendered.height };
}
