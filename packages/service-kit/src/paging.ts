import type { Knex } from 'knex';

/** Which page of a list: `page` counts from 1. `count: false` skips counting the whole filter (an export's batches). */
export interface PageRequest {
  page: number;
  pageSize: number;
  count?: boolean;
}

/**
 * One page of a filtered list and how many rows the whole filter holds (0 when `count` is false): `filtered` is
 * counted as it stands, then `ordered` (its order, and the columns to read) is cut to the page. The admin lists of
 * svc-auth, svc-billing and svc-support page this way.
 */
export async function pageOf<Row>(
  filtered: Knex.QueryBuilder,
  req: PageRequest,
  ordered: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<{ rows: Row[]; total: number }> {
  const counted =
    req.count === false ? undefined : (await filtered.clone().count<{ n: string | number }[]>({ n: '*' }))[0];
  const rows = (await ordered(filtered.clone())
    .limit(req.pageSize)
    .offset((req.page - 1) * req.pageSize)) as Row[];
  return { rows, total: Number(counted?.n ?? 0) };
}
