import { ApiError, NETWORK_MESSAGE } from './api';
import { dispositionName, fetchFile } from './files';

describe('fetchFile', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('posts the JSON body and names the file from its Content-Disposition, else the fallback', async () => {
    const fetchMock = jest.fn(
      async () =>
        new Response('a,b\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="x.csv"' } }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const { name } = await fetchFile('admin/export', { body: { a: 1 }, fallbackName: 'f.csv' });
    expect(name).toBe('x.csv');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['x-requested-with']).toBe('kinfolio');
    expect(dispositionName(null, 'f.csv')).toBe('f.csv');
  });

  it('turns a refusal into an ApiError and a lost connection into the network message', async () => {
    global.fetch = jest.fn(async () => new Response('{"message":"No."}', { status: 403 })) as unknown as typeof fetch;
    await expect(fetchFile('admin/export')).rejects.toMatchObject({ status: 403 });
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const err = await fetchFile('admin/export').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(NETWORK_MESSAGE);
  });
});
