/**
 * The editors' form engine, shared by the insurance and balance-sheet editors: field tables (a path in the stored
 * record, a label, an input kind), the conversions between a stored record and the form (every value a string while
 * editing; numbers and booleans on the way out), and the people tables (beneficiaries, owners) with their 100% rule.
 */
// ---------------------------------------------------------------- the editor's form
export type FieldKind =
  | 'text'
  | 'number'
  | 'float'
  | 'date'
  | 'dates'
  | 'ages'
  | 'select'
  | 'check'
  | 'currency'
  | 'member'
  | 'area';
export interface FieldDef {
  /** Dotted path in the stored record, e.g. `retirement.maturity_age`. */
  path: string;
  label: string;
  kind: FieldKind;
  options?: ReadonlyArray<{ value: string; label: string }>;
  optional?: boolean;
  /** The spec's default (§3). */
  initial?: string;
  min?: number;
  hint?: string;
  /** The empty choice of an optional select. */
  placeholder?: string;
}
export interface SectionDef {
  id: string;
  title: string;
  fields: FieldDef[];
}

export type FormValues = Record<string, string>;

/** Reads a dotted path of an object. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const k of path.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}
/** Sets a dotted path of an object (creating the objects on the way). */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur = obj;
  keys.slice(0, -1).forEach((k) => {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  });
  cur[keys[keys.length - 1] as string] = value;
}

/** A stored value as the form's text: booleans as 'true'/'', numbers as their digits, missing as the default. */
export function toText(v: unknown, def = ''): string {
  if (v === undefined || v === null) return def;
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'boolean') return v ? 'true' : '';
  return String(v);
}

/** The form of a stored record (or a new one) for a list of fields. */
export function formOf(fields: readonly FieldDef[], record: unknown, defaults: FormValues = {}): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = getPath(record, f.path);
    out[f.path] = f.kind === 'ages' ? agesText(v) : toText(v, defaults[f.path] ?? f.initial ?? '');
  }
  return out;
}

/** The form's fields as a body: numbers for number fields, booleans for checks; empty optional fields left out. */
export function bodyOf(fields: readonly FieldDef[], form: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = (form[f.path] ?? '').trim();
    if (f.kind === 'check') {
      setPath(body, f.path, raw === 'true');
      continue;
    }
    if (raw === '') continue;
    if (f.kind === 'ages') {
      setPath(body, f.path, parseAges(raw));
      continue;
    }
    if (f.kind === 'dates') {
      setPath(
        body,
        f.path,
        raw
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
      );
      continue;
    }
    if (f.kind === 'number' || f.kind === 'float') {
      const n = Number(raw);
      if (Number.isFinite(n)) setPath(body, f.path, n);
      continue;
    }
    setPath(body, f.path, raw);
  }
  return body;
}

/** Required fields of a section that are empty, as `{path: message}`. */
export function missingFields(fields: readonly FieldDef[], form: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (f.optional || f.kind === 'check') continue;
    if (!(form[f.path] ?? '').trim()) out[f.path] = `Enter ${f.label.toLowerCase()}`;
  }
  return out;
}

// ---------------------------------------------------------------- plans: premiums by age and gender
/** data_by_age as the editor's lines: `age, male premium, female premium`. */
export function agesText(v: unknown): string {
  if (!Array.isArray(v)) return '';
  return v
    .map((r: { age?: number; male?: number; female?: number }) =>
      [r.age, r.male, r.female].map((x) => (x === undefined || x === null ? '' : String(x))).join(', '),
    )
    .join('\n');
}
/** The editor's lines as data_by_age; a line without an age is skipped. */
export function parseAges(text: string): Array<{ age: number; male?: number; female?: number }> {
  const out: Array<{ age: number; male?: number; female?: number }> = [];
  for (const line of text.split(/\n+/)) {
    const t = line.trim();
    const [a, m, f] = (t.includes(',') ? t.split(',') : t.split(/\s+/)).map((x) => x.trim());
    const age = Number(a);
    if (!a || !Number.isInteger(age)) continue;
    const row: { age: number; male?: number; female?: number } = { age };
    if (m && Number.isFinite(Number(m))) row.male = Number(m);
    if (f && Number.isFinite(Number(f))) row.female = Number(f);
    out.push(row);
  }
  return out;
}
// ---------------------------------------------------------------- people on a policy (beneficiaries, owners)
export interface PersonForm {
  id: string;
  /** A household member's id, or empty for someone outside the household (named by `name`). */
  member_id: string;
  name: string;
  relationship: string;
  percentage: string;
}
export const emptyPerson = (): PersonForm => ({ id: '', member_id: '', name: '', relationship: '', percentage: '' });

/** Beneficiary percentages must sum to 100 (§6): the message, or null when they do (or there are none). */
export function percentageProblem(people: readonly PersonForm[]): string | null {
  if (people.length === 0) return null;
  const total = people.reduce((s, p) => s + (Number(p.percentage) || 0), 0);
  if (Math.abs(total - 100) > 0.001) return `The percentages add up to ${+total.toFixed(3)}%; they must add up to 100%`;
  return null;
}

export const PERSON_FIELDS = (idKey: 'beneficiary_id' | 'owner_id', initialPct = ''): FieldDef[] => [
  { path: idKey, label: 'Household member', kind: 'member', optional: true },
  { path: 'name', label: 'Name', kind: 'text' },
  { path: 'relationship', label: 'Relationship', kind: 'text', optional: true },
  { path: 'percentage', label: 'Percentage (%)', kind: 'float', min: 0, initial: initialPct },
];
export const BENEFICIARY_FIELDS = PERSON_FIELDS('beneficiary_id');
export const OWNER_FIELDS = PERSON_FIELDS('owner_id');
export const CONTINGENT_OWNER_FIELDS = PERSON_FIELDS('owner_id', '100');
