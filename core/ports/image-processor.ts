// Turns uploaded image bytes into the stored form: one still picture, fitted in a box, encoded as WebP.

/** The kinds of picture the service reads (spec: Endpoints — Branding and settings, Account photo). */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif' | 'svg';

export interface ImageBox { width: number; height: number }

export interface FittedImage { bytes: Uint8Array; width: number; height: number }

/** Raised when the bytes are not a picture of the named type (damaged, truncated, too many pixels, unsafe SVG). */
export class ImageUnreadable extends Error {
  constructor(message = 'The image could not be read.') {
    super(message);
    this.name = 'ImageUnreadable';
  }
}

export interface ImageProcessor {
  /**
   * Decodes `bytes` as `type` (the first frame of an animation; SVG rasterised), scales it down to fit inside `box`
   * keeping its aspect ratio (never up), and encodes it as WebP. Throws ImageUnreadable for bytes it cannot use.
   */
  fitToWebp(bytes: Uint8Array, type: ImageType, box: ImageBox): Promise<FittedImage>;
}
