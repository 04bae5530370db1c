import { TypeGuard, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { AppError } from '../../core/kernel/errors.ts';

/** `/addressAllowlist/3` -> `addressAllowlist.3` (spec: Errors — param is dotted and indexed). */
const toParam = (pointer: string, prefix: string | null) => {
  const path = pointer.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
  return path || prefix;
};

/** TypeBox's conversion reads `2.5` or `1e2` as an integer; a query integer must be written as one. */
function refuseLooseIntegers(schema: TSchema, value: unknown): void {
  if (!TypeGuard.IsObject(schema) || value === null || typeof value !== 'object') return;
  for (const [name, prop] of Object.entries(schema.properties)) {
    const raw = (value as Record<string, unknown>)[name];
    if (TypeGuard.IsInteger(prop) && typeof raw === 'string' && !/^-?\d+$/.test(raw)) {
      throw new AppError('invalid_parameter', `\`${name}\` must be an integer.`, name);
    }
  }
}

/** Validates one part of a request; query and path values arrive as strings and are converted first. */
export function validate(schema: TSchema, value: unknown, where: 'body' | 'query' | 'params'): unknown {
  let input = value;
  if (where !== 'body') {
    refuseLooseIntegers(schema, value);
    input = Value.Convert(schema, value);
    if (TypeGuard.IsObject(schema)) input = Value.Clean(schema, input); // unknown query keys are ignored
    input = Value.Default(schema, input);
  }
  for (const e of Value.Errors(schema, input)) {
    if (e.type === ValueErrorType.ObjectAdditionalProperties) {
      throw new AppError('unknown_parameter', `Unknown parameter \`${toParam(e.path, null)}\`.`, toParam(e.path, null));
    }
  }
  const first = Value.Errors(schema, input).First();
  if (first) {
    const param = toParam(first.path, where === 'body' ? null : where);
    const missing = first.type === ValueErrorType.ObjectRequiredProperty;
    throw new AppError('invalid_parameter', missing ? `\`${param}\` is required.` : `\`${param}\`: ${first.message}.`, param);
  }
  return input;
}
