import { Type } from '@sinclair/typebox';
import { route } from '../route.ts';
import { PageQuery } from '../schemas.ts';

const tag = 'Labels';
// A label id is `USER_` + an upper-cased name of up to 225 characters, which upper-casing can lengthen.
const LabelIdParam = Type.Object({ id: Type.String({ maxLength: 2000 }) });

// The colour's shape is checked in core, so that every refusal names its exact param (`color.backgroundColor`).
const Color = Type.Unknown({
  description: 'null, or `{backgroundColor, textColor?}`: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` or a `gradient:<name>` '
    + 'from GET /labels/colors; an empty `backgroundColor` clears. `textColor` is computed and ignored on input.',
});
const Instructions = Type.Union([Type.String(), Type.Null()], { description: 'Up to 500 characters; null clears them and turns AI off.' });

const CreateLabelBody = Type.Object({
  name: Type.String({ description: '1 to 225 characters after trimming; fixes the id for life.' }),
  color: Type.Optional(Color),
  aiInstructions: Type.Optional(Instructions),
  aiEnabled: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

const UpdateLabelBody = Type.Object({
  name: Type.Optional(Type.String()),
  color: Type.Optional(Color),
  aiInstructions: Type.Optional(Instructions),
  aiEnabled: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const labelRoutes = [
  route({ method: 'GET', path: '/labels', tag, summary: 'List user labels by name', scopes: ['labels:read'], query: PageQuery(),
    handle: (s, { caller, query }) => s.labels.list.execute(caller, query) }),
  route({ method: 'POST', path: '/labels', tag, summary: 'Create a label', scopes: ['labels:write'], body: CreateLabelBody, status: 201,
    handle: (s, { caller, body }) => s.labels.create.execute(caller, body) }),
  // Before /labels/{id}, which would otherwise take `colors` for an id.
  route({ method: 'GET', path: '/labels/colors', tag, summary: 'The label palette (gradients drawn at 135 degrees)', scopes: ['labels:read'],
    handle: async (s) => s.labels.colors.execute() }),
  route({ method: 'GET', path: '/labels/{id}', tag, summary: 'Get a label', scopes: ['labels:read'], params: LabelIdParam,
    handle: (s, { caller, params }) => s.labels.get.execute(caller, params.id) }),
  route({ method: 'PATCH', path: '/labels/{id}', tag, summary: 'Change a label (the id never changes)', scopes: ['labels:write'], params: LabelIdParam, body: UpdateLabelBody,
    handle: (s, { caller, params, body }) => s.labels.update.execute(caller, params.id, body) }),
  route({ method: 'DELETE', path: '/labels/{id}', tag, summary: 'Delete a label and take it off every thread', scopes: ['labels:write'], params: LabelIdParam,
    handle: (s, { caller, params }) => s.labels.delete.execute(caller, params.id) }),
];
