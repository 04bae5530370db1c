import { Type, type TSchema } from '@sinclair/typebox';
import { route } from '../route.ts';
import { FIELD_NAMES, SETTINGS_FIELDS, type SettingsShape } from '../../../core/settings/settings-fields.ts';

// Shapes only; which values are allowed, at which levels and for whom is decided in core/settings.
const tag = 'Settings';
const Address = Type.String({ maxLength: 1000, description: 'One address, `*@<domain>` or `@<domain>` (up to 320 characters); omitted: the workspace.' });

const SHAPES: Record<SettingsShape, () => TSchema> = {
  string: () => Type.String({ maxLength: 200_000 }),
  boolean: () => Type.Boolean(),
  list: () => Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 5000 }),
};

/** Every field of the table in core, each nullable (null removes what the named scope sets). */
const PatchBody = Type.Object({
  address: Type.Optional(Address),
  ...Object.fromEntries(FIELD_NAMES.map((n) => [n, Type.Optional(Type.Union([SHAPES[SETTINGS_FIELDS[n].shape](), Type.Null()]))])),
}, { additionalProperties: false });

const ScopeQuery = Type.Object({ address: Type.Optional(Address) });

export const settingsRoutes = [
  route({ method: 'GET', path: '/settings', tag, summary: 'Settings of the workspace, a domain, a catch-all or an address, defaults filled in', scopes: ['settings:read'],
    query: ScopeQuery,
    handle: (s, { caller, query }) => s.settings.get.execute(caller, query) }),
  route({ method: 'PATCH', path: '/settings', tag, summary: 'Change settings (omitted fields stay, null inherits again, lists replace)', scopes: ['settings:write'],
    query: ScopeQuery, body: PatchBody,
    handle: (s, { caller, query, body }) => s.settings.update.execute(caller, query, body) }),
];
