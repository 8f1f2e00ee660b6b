import type { z } from 'zod';

/**
 * The string-accepting fields of a request schema, found by walking zod's definitions: objects, arrays (index 0),
 * wrappers (optional, nullable, default…), pipes whose input is a string (the whole pipe is the field), unions that
 * accept a string (whole) or objects (walked), records and unknown values (whole: checked as JSON). Used by the
 * contracts' unit test of the one text rule and by the services' bad-input sweeps.
 */
type Schema = z.ZodType;
type Def = Record<string, unknown> & { type: string };
const def = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;
/** zod's name of a schema's kind ('string', 'object', 'record', 'unknown', …). */
export const schemaKind = (s: Schema): string => def(s).type;
type Path = Array<string | number>;

/** Paths of the string-accepting fields of a request schema, with each field's own schema. */
export function stringFields(schema: Schema, path: Path = []): Array<{ path: Path; schema: Schema }> {
  const d = def(schema);
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape as Record<string, Schema>).flatMap(([k, v]) => stringFields(v, [...path, k]));
    case 'array':
      return stringFields(d.element as Schema, [...path, 0]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return stringFields(d.innerType as Schema, path);
    case 'pipe':
      return def(d.in as Schema).type === 'string' ? [{ path, schema }] : stringFields(d.in as Schema, path);
    case 'union':
      return (d.options as Schema[]).some((o) => stringFields(o).some((f) => f.path.length === 0))
        ? [{ path, schema }]
        : (d.options as Schema[]).filter((o) => def(o).type === 'object').flatMap((o) => stringFields(o, path));
    case 'record':
    case 'unknown':
    case 'any':
      return [{ path, schema }];
    case 'intersection':
      return [...stringFields(d.left as Schema, path), ...stringFields(d.right as Schema, path)];
    case 'string':
    case 'template_literal':
      return [{ path, schema }];
    default:
      return [];
  }
}
