import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { webpFormat } from '../../adapters/images-jimp/webp-codec.ts';
import type { Call, TestServer } from '../support/server.ts';

// Helpers the branding and account-photo tests share: sample images, raw uploads, and fetching a stored image
// back through its public URL to check it is a WebP of the right size.

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });

export const sample = (name: string): Buffer => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));

export const TYPES: Record<string, string> = {
  'sample.png': 'image/png', 'sample.jpeg': 'image/jpeg', 'sample.webp': 'image/webp', 'animated.gif': 'image/gif', 'logo.svg': 'image/svg+xml',
};

export async function putRaw(s: TestServer, path: string, token: string, bytes: Uint8Array | string, contentType?: string | null): Promise<Call> {
  const res = await fetch(s.url + path, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes) as unknown as BodyInit,
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body };
}

export const putSample = (s: TestServer, path: string, token: string, name: string) => putRaw(s, path, token, sample(name), TYPES[name]);

/** The bytes behind an image URL (absolute, or a path under the API address), decoded. */
export async function fetchImage(s: TestServer, url: string) {
  const absolute = url.startsWith('http') ? url : new URL(url, s.url).toString();
  const res = await fetch(absolute);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, type: res.headers.get('content-type'), width: 0, height: 0, bytes };
  const image = await Jimp.fromBuffer(bytes);
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), width: image.width, height: image.height, bytes, image };
}

/**
 * Sends `size` bytes with node:http, declaring Content-Length or streaming chunked, and resolves with the answer
 * even if the server answers before the body is through (fetch would report a broken pipe instead).
 */
export function oversizedUpload(s: TestServer, path: string, token: string, size: number, declare: boolean): Promise<Call> {
  return new Promise((resolve, reject) => {
    const head = sample('sample.png');
    const req = request(s.url + path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', ...(declare ? { 'content-length': String(size) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => { resolve({ status: res.statusCode!, headers: new Headers(res.headers as Record<string, string>), body: JSON.parse(text) }); req.destroy(); });
    });
    req.on('error', (e) => { if (!(e as NodeJS.ErrnoException).code?.startsWith('EPIPE') && (e as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(e); });
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(256 * 1024, size - sent);
        const chunk = sent === 0 ? Buffer.concat([head, Buffer.alloc(n - head.length)]) : Buffer.alloc(n);
        sent += n;
        if (!req.write(chunk)) { req.once('drain', pump); return; }
      }
      req.end();
    };
    pump();
  });
}

/** Opens the person's personal space for `token` (an access token) and returns its id. */
export async function openPersonalSpace(s: TestServer, token: string): Promise<string> {
  const list = await s.call('GET', '/workspaces', { token });
  const personal = list.body.personalWorkspaceId as string;
  await s.call('PUT', '/workspaces/active', { token, body: { workspaceId: personal } });
  return personal;
}
