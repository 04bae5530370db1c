import { Type } from '@sinclair/typebox';
import { route, type RouteInput } from '../route.ts';
import { binary } from '../reply.ts';

// Shapes only; fonts, presets, colours, kinds and every refusal are decided in core/branding.
const tag = 'Branding';
const Font = Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description: 'A font name of the list, or null for the default.' }));
const PatchBody = Type.Object({
  fonts: Type.Optional(Type.Object({ primary: Font, secondary: Font }, { additionalProperties: false })),
  loginBackground: Type.Optional(Type.Unknown({ description: '`{kind, preset, color, logo}` or null for the default sign-in page.' })),
}, { additionalProperties: false });
const VariantParam = Type.Object({ variant: Type.String({ maxLength: 100, description: 'mark, wordmark, wordmark-dark or login-background.' }) });
const ImageParam = Type.Object({ id: Type.String({ maxLength: 200 }) });

// The address the request came to, once the router hands it to handlers; until then image URLs are paths.
const originOf = (input: RouteInput<unknown, unknown, unknown>) => (input as { origin?: string }).origin ?? null;

export const brandingRoutes = [
  route({ method: 'GET', path: '/branding', tag, summary: 'The workspace brand', scopes: ['settings:read'],
    handle: (s, input) => s.branding.get.execute(input.caller, originOf(input)) }),
  route({ method: 'PATCH', path: '/branding', tag, summary: 'Change fonts and the sign-in background', scopes: ['settings:write'], body: PatchBody,
    handle: (s, input) => s.branding.update.execute(input.caller, input.body, originOf(input)) }),
  route({ method: 'PUT', path: '/branding/images/{variant}', tag, summary: 'Upload a brand image (raw body, at most 5 MB)', scopes: ['settings:write'], params: VariantParam, raw: true,
    handle: (s, input) => s.branding.putImage.execute(input.caller, input.params.variant, {
      content: input.upload.stream, contentType: input.upload.contentType, contentLength: input.upload.contentLength,
    }, originOf(input)) }),
  route({ method: 'DELETE', path: '/branding/images/{variant}', tag, summary: 'Remove a brand image', scopes: ['settings:write'], params: VariantParam,
    handle: (s, input) => s.branding.deleteImage.execute(input.caller, input.params.variant, originOf(input)) }),
  route({ method: 'GET', path: '/public/images/{id}', tag, summary: 'A brand image or account photo (WebP, no credential)', scopes: [], params: ImageParam, public: true,
    handle: async (s, { params }) => {
      const { image, bytes } = await s.branding.publicImage.execute(params.id);
      // A URL's bytes never change (a new upload gets a new id), so it may be cached for good.
      return binary(bytes, 'image/webp', { size: image.sizeBytes, disposition: 'inline', cache: 'public, max-age=31536000, immutable' });
    } }),
];
