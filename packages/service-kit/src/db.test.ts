import { retryCreateRace } from './db';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryCreateRace (replicas creating the same schema objects at once)', () => {
  // 42710 is what PostgreSQL answered in a CI run: "type knex_migrations already exists" (the table's row type)
  test.each(['42P07', '42P06', '42710', '23505'])('a duplicate %s from a concurrent creator is retried', async (code) => {
    let calls = 0;
    const result = await retryCreateRace(async () => {
      calls++;
      if (calls === 1) throw pgError(code);
      return 'created';
    });
    expect(result).toBe('created');
    expect(calls).toBe(2);
  });

  test('any other error is not retried', async () => {
    let calls = 0;
    await expect(
      retryCreateRace(async () => {
        calls++;
        throw pgError('42601');
      }),
    ).rejects.toThrow('pg 42601');
    expect(calls).toBe(1);
  });

  test('gives up after its attempts', async () => {
    let calls = 0;
    await expect(
      retryCreateRace(async () => {
        calls++;
        throw pgError('42P07');
      }, 2),
    ).rejects.toThrow('pg 42P07');
    expect(calls).toBe(2);
  });
});
