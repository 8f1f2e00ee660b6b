// Test doubles for jsdom component tests: a controllable socket and a mocked ui-kit. Not shipped: imported only by
// tests, as '@kinfolio/support-ui/testing' (never from the package index, which the remotes bundle).
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  connected = true;
  handlers = new Map<string, Set<Handler>>();
  emitted: Array<{ event: string; payload: unknown }> = [];
  /** What the server answers to 'ticket:join'. */
  joinAck: { ok: boolean } = { ok: true };

  on(event: string, fn: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(fn);
    return this;
  }
  off(event: string, fn: Handler) {
    this.handlers.get(event)?.delete(fn);
    return this;
  }
  emit(event: string, payload: unknown, ack?: (r: unknown) => void) {
    this.emitted.push({ event, payload });
    if (ack) ack(this.joinAck);
    return this;
  }
  /** The server sends an event. */
  serverSends(event: string, payload?: unknown) {
    for (const fn of [...(this.handlers.get(event) ?? [])]) fn(payload);
  }
  listeners(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }
  reset() {
    this.connected = true;
    this.handlers.clear();
    this.emitted = [];
    this.joinAck = { ok: true };
  }
}

export const fakeSocket = new FakeSocket();

export const testUser = { id: '11111111-1111-4111-8111-111111111111', type: 'advisor', name: 'Ada Advisor' };

const actualKit = jest.requireActual<typeof import('@kinfolio/ui-kit')>('@kinfolio/ui-kit');

/** ui-kit with its calls mocked: components, constants and pure helpers are the real ones. */
export const kitMock = {
  ...actualKit,
  api: { get: jest.fn(), post: jest.fn(), patch: jest.fn(), put: jest.fn(), del: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong'),
  useSession: jest.fn(() => ({ user: testUser, status: 'loaded', logout: jest.fn() })),
  validateUploads: jest.fn((files: File[]) => ({ accepted: files })),
  uploadFiles: jest.fn(async (files: File[]) =>
    files.map((f, i) => ({
      key: `storage/user/media/${testUser.id}/${i}-${f.name}`,
      url: `/x/${f.name}`,
      fileName: f.name,
      mimetype: f.type,
    })),
  ),
};

/** A reply as svc-support sends it. */
export function reply(id: string, createdAt: string, text = `reply ${id}`, created_by = 'admin') {
  return { id, ticket_id: 't1', reply: text, created_by, createdAt, attachments: [] as Array<{ media: string }> };
}
