import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';

const tag = 'Security';

export const securityRoutes = [
  route({ method: 'GET', path: '/security/step-up', tag, summary: 'Step-up verification state of this app', scopes: [],
    handle: (s, { caller }) => s.security.status.execute(caller) }),
  route({ method: 'POST', path: '/security/step-up', tag, summary: 'Email a verification code', scopes: [],
    handle: (s, { caller }) => s.security.requestCode.execute(caller) }),
  route({ method: 'POST', path: '/security/step-up/verify', tag, summary: 'Check a verification code', scopes: [],
    // `code` is checked in core, after the refusal for API keys (spec: a key gets step_up_not_applicable).
    body: Type.Object({ code: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: false }),
    handle: (s, { caller, body }) => s.security.verifyCode.execute(caller, body) }),
];
