import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import {
  ImageUnreadable, type FittedImage, type ImageBox, type ImageProcessor, type ImageType,
} from '../../core/ports/image-processor.ts';
import { rasterDimensions } from './image-dimensions.ts';
import { rasteriseSvg } from './svg-raster.ts';
import { webpFormat } from './webp-codec.ts';

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });
type JimpImage = Awaited<ReturnType<typeof Jimp.fromBuffer>>;

/** 50 megapixels (about 200 MB decoded): far beyond any brand image or photo, still safe to hold in memory. */
export const MAX_SOURCE_PIXELS = 50_000_000;

/** The size inside `box` with the same aspect ratio; the original size when it already fits (never upscaled). */
export function fittedSize(width: number, height: number, box: ImageBox): { width: number; height: number } {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The ImageProcessor port on jimp (PNG, JPEG, GIF, WebP) and resvg (SVG); everything leaves as WebP. */
export class JimpImageProcessor implements ImageProcessor {
  async fitToWebp(bytes: Uint8Array, type: ImageType, box: ImageBox): Promise<FittedImage> {
    const image = await this.decode(bytes, type, box);
    const size = fittedSize(image.width, image.height, box);
    if (size.width !== image.width || size.height !== image.height) image.resize({ w: size.width, h: size.height });
    const out = await image.getBuffer('image/webp');
    return { bytes: new Uint8Array(out), width: image.width, height: image.height };
  }

  private async decode(bytes: Uint8Array, type: ImageType, box: ImageBox): Promise<JimpImage> {
    if (type === 'svg') return Jimp.fromBitmap(rasteriseSvg(bytes, box)) as JimpImage;
    const size = rasterDimensions(bytes, type);
    if (!size) throw new ImageUnreadable(`The ${type.toUpperCase()} image could not be read.`);
    if (size.width * size.height > MAX_SOURCE_PIXELS) {
      throw new ImageUnreadable(`The image is ${size.width}x${size.height}; at most ${MAX_SOURCE_PIXELS / 1_000_000} megapixels are read.`);
    }
    try {
      // jimp picks the decoder from the bytes; GIF decoding blits only the first frame.
      return await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch {
      throw new ImageUnreadable(`The ${type.toUpperCase()} image could not be read.`);
    }
  }
}
