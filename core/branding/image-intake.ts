import { AppError } from '../kernel/errors.ts';
import { ImageUnreadable, type FittedImage, type ImageBox, type ImageProcessor, type ImageType } from '../ports/image-processor.ts';
import { imageTypeOf, sniffImageType } from './image-types.ts';
import type { ImageSlots } from './image-slots.ts';

/** spec: Limits — Images: account photo 5 MB; brand images 5 MB. */
export const IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, concurrent: 4 } as const;

/** What a variant takes and the box it is fitted into. */
export interface ImageRule { accepts: readonly ImageType[]; box: ImageBox }

/** A raw image body as it arrives. */
export interface ImageUpload { content: AsyncIterable<Uint8Array>; contentType: string | null; contentLength: number | null }

const invalidImage = (message: string) => new AppError('invalid_image', message);

// Past 5 MB the answer is 422 `invalid_image`, not 413 `upload_too_large`: the image endpoints list their errors
// (invalid_image, image_not_stored, image_busy, branding_unavailable) and 413 is not among them, while POST /files
// names 413 explicitly. An over-size body is one more picture the endpoint cannot take; the message gives the limit.
const tooLarge = () => invalidImage(`An image is at most 5 MB (${IMAGE_LIMITS.maxBytes.toLocaleString('en')} bytes).`);

/** The type the `Content-Type` names, when the rule takes it (spec: "unreadable or untyped", "a type the variant does not take"). */
export function declaredImageType(contentType: string | null, rule: ImageRule): ImageType {
  const type = imageTypeOf(contentType);
  const names = rule.accepts.map((t) => (t === 'svg' ? 'SVG' : t.toUpperCase())).join(', ');
  if (!type) throw invalidImage(`Send the image's bytes with its Content-Type: one of ${names}.`);
  if (!rule.accepts.includes(type)) throw invalidImage(`This image takes ${names}; ${type.toUpperCase()} is not one of them.`);
  return type;
}

/** The whole body, at most 5 MB; refused early from a declared Content-Length past the limit. */
export async function readImageBody(upload: ImageUpload): Promise<Uint8Array> {
  if (upload.contentLength !== null && upload.contentLength > IMAGE_LIMITS.maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of upload.content) {
    size += chunk.length;
    if (size > IMAGE_LIMITS.maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (size === 0) throw invalidImage('The body is empty: send the image\'s bytes.');
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  return bytes;
}

/**
 * Receives one upload for `rule`: the type label first (no body read), then, holding an image slot (503
 * `image_busy` when none is free), the bytes, which must be what the label says, fitted and encoded as WebP.
 */
export async function receiveImage(
  slots: ImageSlots, processor: ImageProcessor, upload: ImageUpload, rule: ImageRule,
): Promise<FittedImage> {
  const type = declaredImageType(upload.contentType, rule);
  return slots.run(async () => {
    const bytes = await readImageBody(upload);
    if (sniffImageType(bytes) !== type) throw invalidImage(`The body is not a readable ${type.toUpperCase()} image.`);
    try {
      return await processor.fitToWebp(bytes, type, rule.box);
    } catch (err) {
      if (err instanceof ImageUnreadable) throw invalidImage(err.message);
      throw err;
    }
  });
}
