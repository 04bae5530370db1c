import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import encoderSimd from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import encoderPlain from '@jsquash/webp/codec/enc/webp_enc.js';
import decoderFactory from '@jsquash/webp/codec/dec/webp_dec.js';
import { defaultOptions } from '@jsquash/webp/meta.js';

// WebP for jimp, initialised from the .wasm files on disk.
//
// Why not `@jimp/wasm-webp` as it is: it calls `@jsquash/webp`'s `init()` without a module before every encode and
// decode, and that glue (built for browsers) then loads its .wasm with `fetch(new URL(..., import.meta.url))`. On
// Node 20 fetch refuses `file:` URLs ("TypeError: fetch failed ... not implemented... yet..."), so every WebP
// encode or decode fails. The codec itself is fine: handed a compiled WebAssembly.Module through Emscripten's
// `instantiateWasm` hook it never fetches. This file does exactly that, once, and exposes jimp's format shape.

interface Bitmap { data: Uint8Array; width: number; height: number }
interface EncoderModule { encode(data: Uint8ClampedArray, width: number, height: number, options: typeof defaultOptions): Uint8Array | null }
interface DecoderModule { decode(data: ArrayBuffer): { data: Uint8ClampedArray; width: number; height: number } | null }
type Factory<M> = (options: Record<string, unknown>) => Promise<M>;

const codecDir = dirname(createRequire(import.meta.url).resolve('@jsquash/webp/package.json'));

async function instantiate<M>(factory: Factory<M>, wasmFile: string): Promise<M> {
  const compiled = await WebAssembly.compile(await readFile(join(codecDir, 'codec', wasmFile)));
  return factory({
    noInitialRun: true,
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(compiled, imports);
      done(instance);
      return instance.exports;
    },
  });
}

async function loadEncoder(): Promise<EncoderModule> {
  // The SIMD build is faster; every Node 20 supports it, but a validation check costs nothing.
  const simdBytes = await readFile(join(codecDir, 'codec', 'enc', 'webp_enc_simd.wasm'));
  return WebAssembly.validate(simdBytes)
    ? instantiate(encoderSimd as Factory<EncoderModule>, 'enc/webp_enc_simd.wasm')
    : instantiate(encoderPlain as Factory<EncoderModule>, 'enc/webp_enc.wasm');
}

let encoder: Promise<EncoderModule> | null = null;
let decoder: Promise<DecoderModule> | null = null;

/** Quality 90 keeps logo edges clean; alpha stays lossless so transparent marks keep their outline. */
const ENCODE_OPTIONS = { ...defaultOptions, quality: 90, alpha_quality: 100 };

/** A jimp format plugin (`createJimp({ formats: [..., webpFormat] })`). */
export const webpFormat = () => ({
  mime: 'image/webp' as const,
  hasAlpha: true,
  encode: async (bitmap: Bitmap) => {
    const module = await (encoder ??= loadEncoder());
    const out = module.encode(new Uint8ClampedArray(bitmap.data), bitmap.width, bitmap.height, ENCODE_OPTIONS);
    if (!out) throw new Error('WebP encoding failed.');
    return Buffer.from(out);
  },
  decode: async (data: Buffer) => {
    const module = await (decoder ??= instantiate(decoderFactory as Factory<DecoderModule>, 'dec/webp_dec.wasm'));
    const copy = new Uint8Array(data).buffer;
    const result = module.decode(copy);
    if (!result) throw new Error('WebP decoding failed.');
    return { data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength), width: result.width, height: result.height };
  },
});
