import { keyRoutes } from './keys.routes.ts';
import { addressRoutes } from './addresses.routes.ts';
import { securityRoutes } from './security.routes.ts';
import { workspaceRoutes } from './workspaces.routes.ts';
import { accountRoutes } from './account.routes.ts';
import { labelRoutes } from './labels.routes.ts';
import { fileRoutes } from './files.routes.ts';
import { signatureRoutes } from './signatures.routes.ts';
import { domainRoutes } from './domains.routes.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { brandingRoutes } from './branding.routes.ts';
import { accountPhotoRoutes } from './account-photo.routes.ts';
import { audienceRoutes } from './audiences.routes.ts';
import { contactRoutes } from './contacts.routes.ts';
import { suppressionRoutes } from './suppressions.routes.ts';
import { emailRoutes } from './emails.routes.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';
// (area route imports: add one line each above this comment)
import type { Route } from '../route.ts';

/** Every operation the HTTP host serves, in the order the OpenAPI document lists them. */
export const ROUTES: Route[] = [
  ...keyRoutes, ...addressRoutes, ...securityRoutes,
  ...workspaceRoutes, ...accountRoutes,
  ...labelRoutes,
  ...fileRoutes,
  ...signatureRoutes,
  ...domainRoutes,
  ...webhookRoutes,
  ...settingsRoutes, ...brandingRoutes, ...accountPhotoRoutes,
  ...audienceRoutes, ...contactRoutes, ...suppressionRoutes,
  ...emailRoutes, ...unsubscribeRoutes,
  // (area routes: add one line each above this comment)
];
