import type { FieldDef, SectionDef } from './engine';

/** What ends a path: a value the form edits as one input (a list is typed as text, e.g. dates or ages). */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | readonly unknown[];

/**
 * The dotted paths of a record's fields, e.g. `premium` and `premium_detail.amount` of an insurance policy: every
 * key, and the keys of a nested object after its own and a dot. Used with the zod schema's input type
 * (`InsuranceFields<'policy'>`), so a field table that names a field the contract does not have, or had before a
 * rename, fails to compile.
 */
export type FieldPath<T> = {
  [K in keyof T & string]-?: NonNullable<T[K]> extends Leaf ? K : K | `${K}.${FieldPath<NonNullable<T[K]>>}`;
}[keyof T & string];

/** A form-engine field whose path is one of the record's. */
export type FieldOf<T> = Omit<FieldDef, 'path'> & { path: FieldPath<T> };

/**
 * A field table of a record kind, its paths checked against the kind's schema:
 * `fieldsOf<InsuranceFields<'plan'>>([{ path: 'currency', … }])`. The table is the engine's plain FieldDef[].
 */
export function fieldsOf<T>(fields: FieldOf<T>[]): FieldDef[] {
  return fields;
}

/** Sections of a record kind's editor, every field's path checked against the kind's schema (see fieldsOf). */
export function sectionsOf<T>(sections: Array<Omit<SectionDef, 'fields'> & { fields: FieldOf<T>[] }>): SectionDef[] {
  return sections;
}
