/** Polls `check` until it returns a truthy value; throws the last failure after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  everyMs = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = new Error('condition not met');
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
      last = new Error('condition not met');
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw last;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { freePort } from '../src/testing';
