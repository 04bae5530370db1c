import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';

const TokenParam = Type.Object({ token: Type.String({ maxLength: 2000 }) });

export const unsubscribeRoutes = [
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here; one POST unsubscribes, no confirmation page.
  route({ method: 'POST', path: '/public/unsubscribe/{token}', tag: 'Emails', summary: 'One-click unsubscribe (RFC 8058, no credential)', scopes: [],
    params: TokenParam, public: true,
    handle: (s, { params }) => s.emails.oneClickUnsubscribe.execute(params.token) }),
];
