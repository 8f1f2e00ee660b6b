import { ApiClient, signUpAndSignIn } from '../support/api';
import { Distributed, eventually } from '../support/distributed';

/**
 * Issue 11: share-profile gives the household's `me` member a customer login across the bus (svc-planning →
 * svc-auth → svc-planning); the customer sets a password from the mailbox, signs in and reads exactly their own
 * household; deleting the household removes the login and ends the customer's session.
 */
describe('a shared household becomes a customer login (distributed)', () => {
  const sys = new Distributed();

  beforeAll(() => sys.start(), 120_000);
  afterAll(() => sys.stop());

  it('share → create password from the mail → sign in → own household 200, another 404 → deletion ends it', async () => {
    const advisor = new ApiClient(sys.gatewayUrl);
    await signUpAndSignIn(advisor, 'share');
    const email = `cust.${Date.now()}@example.com`;
    const lead = await advisor.call('POST', 'leads', { name: 'Alex Tan', email, age: 35 });
    expect(lead.status).toBe(201);
    const other = await advisor.call('POST', 'leads', { name: 'Other Household', email: `o.${email}`, age: 40 });
    expect(other.status).toBe(201);
    const id: string = lead.body.data.id;

    expect((await advisor.call('POST', `customer/share-profile/${id}`)).status).toBe(200);

    const customer = new ApiClient(sys.gatewayUrl);
    const code = await eventually(() => customer.code('mail', email).catch(() => undefined), 30_000);
    const password = 'Quiet-Orchard-5821';
    const created = await customer.call(
      'PATCH',
      'customer/create/password',
      { email, otp: code, password },
      'customer',
    );
    expect(created.status).toBe(200);
    const login = await customer.call('POST', 'customer/auth/login', { email, password }, 'customer');
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ id, type: 'customer' });

    // the link comes back from svc-auth over the bus: the customer then reads their household, read-only
    const own = await eventually(async () => {
      const r = await customer.call('GET', `single-lead/${id}`, undefined, 'customer');
      return r.status === 200 ? r : undefined;
    }, 30_000);
    expect(own.body.data.id).toBe(id);
    expect((await customer.call('GET', `single-lead/${other.body.data.id}`, undefined, 'customer')).status).toBe(404);
    expect((await customer.call('PATCH', `leads/${id}`, { name: 'Mine now' }, 'customer')).status).toBe(403);

    // deleting the household removes the login: the session ends and the password no longer signs in
    expect((await advisor.call('DELETE', `leads/${id}/destroy`)).status).toBe(200);
    await eventually(
      async () => (await customer.call('GET', 'users/me', undefined, 'customer')).status === 401,
      30_000,
    );
    expect((await customer.call('GET', `single-lead/${id}`, undefined, 'customer')).status).toBe(401);
    const again = new ApiClient(sys.gatewayUrl);
    expect((await again.call('POST', 'customer/auth/login', { email, password }, 'customer')).status).toBe(401);
    expect((await advisor.call('GET', `single-lead/${id}`)).status).toBe(404);
  }, 150_000);
});
