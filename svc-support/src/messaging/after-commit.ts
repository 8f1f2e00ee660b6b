import type { Knex } from '@kinfolio/service-kit';

/**
 * Runs `then` once the consumer's transaction has committed. Socket work done inside the transaction raced it: a
 * client could act on a push before what caused it was readable.
 */
export function afterCommit(trx: Knex.Transaction, then: () => void): void {
  trx.executionPromise.then(then, () => undefined);
}
