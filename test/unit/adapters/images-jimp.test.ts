import test from 'ava';
import { readFileSync } from 'node:fs';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { GifCodec } from 'gifwrap';
import { JimpImageProcessor, fittedSize } from '../../../adapters/images-jimp/image-processor.jimp.ts';
import { webpFormat } from '../../../adapters/images-jimp/webp-codec.ts';
import { rasterDimensions } from '../../../adapters/images-jimp/image-dimensions.ts';
import { ImageUnreadable, type ImageType } from '../../../core/ports/image-processor.ts';

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });
const sample = (name: string) => new Uint8Array(readFileSync(new URL(`../../../fixtures/images/${name}`, import.meta.url)));
const processor = new JimpImageProcessor();
const MARK = { width: 512, height: 512 };
const WORDMARK = { width: 1024, height: 256 };
const BACKGROUND = { width: 2560, height: 1600 };

/** Decodes the WebP back, independently of what the processor says about it. */
async function decoded(bytes: Uint8Array) {
  const text = Buffer.from(bytes.subarray(0, 12)).toString('latin1');
  const image = await Jimp.fromBuffer(Buffer.from(bytes));
  return { riff: text.startsWith('RIFF') && text.endsWith('WEBP'), width: image.width, height: image.height, image };
}

const cases: [string, ImageType, { width: number; height: number }, [number, number]][] = [
  ['sample.png', 'png', MARK, [512, 384]],
  ['sample.jpeg', 'jpeg', MARK, [300, 200]],
  ['sample.webp', 'webp', WORDMARK, [1024, 256]],
  ['animated.gif', 'gif', BACKGROUND, [600, 300]],
  ['animated.gif', 'gif', MARK, [512, 256]],
  ['logo.svg', 'svg', WORDMARK, [1000, 250]],
  ['logo.svg', 'svg', MARK, [512, 128]],
];

for (const [file, type, box, [width, height]] of cases) {
  test(`${file} in ${box.width}x${box.height}: WebP of ${width}x${height}, decoded back`, async (t) => {
    const out = await processor.fitToWebp(sample(file), type, box);
    t.deepEqual([out.width, out.height], [width, height]);
    const back = await decoded(out.bytes);
    t.true(back.riff, 'a RIFF/WEBP container');
    t.deepEqual([back.width, back.height], [width, height]);
    t.deepEqual(rasterDimensions(out.bytes, 'webp'), { width, height });
  });
}

test('an animated GIF keeps its first frame only (red, not the blue second frame)', async (t) => {
  const gif = await new GifCodec().decodeGif(Buffer.from(sample('animated.gif')));
  t.is(gif.frames.length, 2, 'the sample really has two frames');
  const back = await decoded((await processor.fitToWebp(sample('animated.gif'), 'gif', MARK)).bytes);
  const [r, g, b] = back.image.bitmap.data.subarray(0, 3);
  t.true(r! > 200 && g! < 60 && b! < 60, `first pixel ${r},${g},${b}`);
});

test('fitting keeps the aspect ratio and never upscales', (t) => {
  t.deepEqual(fittedSize(100, 50, MARK), { width: 100, height: 50 });
  t.deepEqual(fittedSize(4000, 1000, WORDMARK), { width: 1024, height: 256 });
  t.deepEqual(fittedSize(1000, 4000, WORDMARK), { width: 64, height: 256 });
  t.deepEqual(fittedSize(10_000, 1, MARK), { width: 512, height: 1 });
});

test('damaged, truncated or mislabelled bytes are ImageUnreadable', async (t) => {
  const png = sample('sample.png');
  await t.throwsAsync(() => processor.fitToWebp(png.subarray(0, 40), 'png', MARK), { instanceOf: ImageUnreadable });
  await t.throwsAsync(() => processor.fitToWebp(new TextEncoder().encode('not a picture at all'), 'jpeg', MARK), { instanceOf: ImageUnreadable });
  await t.throwsAsync(() => processor.fitToWebp(new TextEncoder().encode('<svg'), 'svg', MARK), { instanceOf: ImageUnreadable });
});

test('a header declaring a huge picture is refused before decoding', async (t) => {
  const png = sample('sample.png').slice();
  new DataView(png.buffer).setUint32(16, 100_000);
  new DataView(png.buffer).setUint32(20, 100_000);
  await t.throwsAsync(() => processor.fitToWebp(png, 'png', MARK), { instanceOf: ImageUnreadable, message: /megapixels/ });
});

test('an SVG that refers to files or addresses is refused (no server files pulled into a public image)', async (t) => {
  for (const inner of [
    '<image href="/etc/hostname.png" width="10" height="10"/>',
    '<image xlink:href="https://example.test/a.png" width="10" height="10"/>',
    '<style>@import url(x.css);</style>',
    '<rect width="10" height="10" style="fill: url(file.svg#p)"/>',
  ]) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${inner}</svg>`;
    await t.throwsAsync(() => processor.fitToWebp(new TextEncoder().encode(svg), 'svg', MARK), { instanceOf: ImageUnreadable }, inner);
  }
  const ok = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="r" width="10" height="10"/></defs><use href="#r"/></svg>';
  t.is((await processor.fitToWebp(new TextEncoder().encode(ok), 'svg', MARK)).width, 10);
});
