import type { reference } from '@kinfolio/contracts';
import { ApiError } from '@kinfolio/ui-kit';

export type Company = reference.InsuranceCompany;
export type Plan = reference.InsurancePlan;
export type PlanSummary = Omit<Plan, 'data_by_age' | 'riders'> & { premium_rows: number; rider_count: number };
export type Category = { id: string; name: string; position: number };
export type PlanType = { id: string; name: string; category: string; investment_linked: boolean; position: number };
export interface ProjectionRow {
  policy_year: number;
  premium?: number | null;
  cash_value?: number | null;
  surrender_value?: number | null;
  death_benefit?: number | null;
}
export interface ProjectionTable {
  id: string;
  plan_id: string;
  plan_name: string;
  name: string;
  entry_age: number | null;
  rows: ProjectionRow[];
  updated_at: string;
}

/** The largest premium-table file the service reads (reference.PREMIUM_IMPORT_MAX_BYTES). */
export const IMPORT_MAX_BYTES = 512 * 1024;

/** A file's bytes as base64 (the import calls carry the file in JSON). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Every field message of a 400, in order (`[{field: [msg]}]`), for lists such as an import's row errors. */
export function allFieldMessages(err: unknown): Array<{ field: string; message: string }> {
  const errors = err instanceof ApiError ? err.errors : undefined;
  return (errors ?? []).flatMap((e) =>
    Object.entries(e).flatMap(([field, msgs]) => (msgs ?? []).map((message) => ({ field, message }))),
  );
}

/** '1200.5' → 1200.5; '' → null; not a number → undefined. */
export function amountOf(text: string): number | null | undefined {
  const s = text.trim().replace(/,/g, '');
  if (!s) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return undefined;
  return Number(s);
}
export const shownAmount = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
