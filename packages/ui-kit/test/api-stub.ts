/**
 * ui-kit's `api` for remote tests, answered by the test: every call is recorded in `stub.calls` and answered by
 * `stub.handler` (return a value to resolve with it, throw to reject). Use it from the mock of '@kinfolio/ui-kit':
 *
 *   jest.mock('@kinfolio/ui-kit', () => require('<path>/packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
 *   (or .uiKitWithStubs(): the session's user is `stub.user` too)
 *   import { stub } from '<path>/packages/ui-kit/test/api-stub';
 *
 * The actual `api` object is patched in place, so ui-kit's own parts (the upload flow, the shared dialogs) call the
 * stub too.
 */
export interface StubCall {
  method: string;
  path: string;
  /** The body of a POST, PUT or PATCH. */
  body?: unknown;
  /** The query of a GET, when it has one. */
  query?: Record<string, unknown>;
}

export const stub = {
  calls: [] as StubCall[],
  handler: (_call: StubCall): unknown => undefined,
  /** The signed-in user `useSession` answers with (uiKitWithStubs), or null. */
  user: null as Record<string, unknown> | null,
  reset(): void {
    stub.calls.length = 0;
    stub.handler = () => undefined;
  },
};

const call =
  (method: string) =>
  (path: string, bodyOrOptions?: unknown): Promise<unknown> => {
    const c: StubCall = { method, path };
    if (method === 'GET') {
      const query = (bodyOrOptions as { query?: Record<string, unknown> } | undefined)?.query;
      if (query !== undefined) c.query = query;
    } else if (method !== 'DELETE') c.body = bodyOrOptions;
    stub.calls.push(c);
    try {
      return Promise.resolve(stub.handler(c));
    } catch (e) {
      return Promise.reject(e);
    }
  };

/** '@kinfolio/ui-kit' with its `api` answered by `stub`. */
export function uiKitWithStubbedApi(): typeof import('@kinfolio/ui-kit') {
  const actual = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');
  Object.assign(actual.api, {
    get: call('GET'),
    post: call('POST'),
    patch: call('PATCH'),
    put: call('PUT'),
    del: call('DELETE'),
  });
  return actual;
}

/** '@kinfolio/ui-kit' with its `api` answered by `stub` and `useSession` answering `stub.user`, loaded. */
export function uiKitWithStubs(): typeof import('@kinfolio/ui-kit') {
  return {
    ...uiKitWithStubbedApi(),
    useSession: () =>
      ({
        user: stub.user,
        status: 'loaded',
        logout: jest.fn(),
        setUser: jest.fn(),
        refresh: jest.fn(),
      }) as unknown as ReturnType<typeof import('@kinfolio/ui-kit').useSession>,
  };
}
