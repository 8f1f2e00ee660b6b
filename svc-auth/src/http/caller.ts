import type { UserType } from '@kinfolio/contracts';
import { forbidden, type Identity, type ServiceContext } from '@kinfolio/service-kit';
import type { UserRow } from '../data/user.repository';
import { requireCaller } from '../domain/sessions';

/** The live caller, refused with 403 unless of one of `types` (none given: any signed-in user). */
export async function caller(ctx: ServiceContext, ...types: UserType[]): Promise<{ id: Identity; user: UserRow }> {
  const me = await requireCaller(ctx);
  if (types.length && !types.includes(me.user.type)) throw forbidden();
  return me;
}
