import { route, type RouteInput } from '../route.ts';

const tag = 'Account';
const originOf = (input: RouteInput<unknown, unknown, unknown>) => (input as { origin?: string }).origin ?? null;

export const accountPhotoRoutes = [
  route({ method: 'PUT', path: '/account/photo', tag, summary: 'Set the account photo (raw PNG, JPEG, WebP or GIF, at most 5 MB)', scopes: ['account:write'], raw: true,
    handle: (s, input) => s.accountPhoto.put(input.caller, {
      content: input.upload.stream, contentType: input.upload.contentType, contentLength: input.upload.contentLength,
    }, originOf(input)) }),
  route({ method: 'DELETE', path: '/account/photo', tag, summary: 'Remove the account photo', scopes: ['account:write'],
    handle: (s, { caller }) => s.accountPhoto.delete(caller) }),
];
