/** @jest-environment jsdom */
import { ApiError, api } from '@kinfolio/ui-kit';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { tenantOf } from '../layout/invitation';
import { HomePage } from './misc';

const jane = {
  name: 'Jane Tan',
  username: 'jane',
  designation: 'Chartered Financial Planner',
  business_email: 'jane@advice.sg',
  email: 'jane.tan@example.com',
  business_phone: '+65 6123 4567',
  contact_number: '91234567',
  og_image: 'storage/user/media/u1/1700000000.png',
};

async function open(hostname: string) {
  const view = render(
    <MemoryRouter initialEntries={['/home']}>
      <HomePage hostname={hostname} />
    </MemoryRouter>,
  );
  await act(async () => undefined);
  return view;
}

const generic = () => screen.queryByRole('heading', { level: 1, name: /Financial planning for independent advisors/ });

describe('tenantOf', () => {
  it('names the first label of {username}.{host}; bare hosts, www, dev, localhost and IPs name none', () => {
    expect(tenantOf('jane.kinfolio.app')).toBe('jane');
    expect(tenantOf('Jane.Kinfolio.App')).toBe('jane');
    expect(tenantOf('jane.localhost')).toBe('jane');
    for (const host of ['kinfolio.app', 'www.kinfolio.app', 'dev.kinfolio.app', 'localhost', '127.0.0.1', '[::1]', ''])
      expect([host, tenantOf(host)]).toEqual([host, undefined]);
  });
});

describe('HomePage', () => {
  let get: jest.SpyInstance;
  beforeEach(() => {
    get = jest.spyOn(api, 'get');
  });
  afterEach(() => jest.restoreAllMocks());

  it('is the generic landing page on the bare host, without asking for an advisor', async () => {
    await open('kinfolio.app');
    expect(generic()?.tagName).toBe('H1');
    expect(get).not.toHaveBeenCalled();
  });

  it("shows the advisor's public page on their sub-domain: name, designation, business e-mail and phone, image", async () => {
    get.mockResolvedValueOnce(jane);
    await open('jane.kinfolio.app');
    expect(get).toHaveBeenCalledWith('advisor/public', expect.objectContaining({ catalogue: false }));
    expect(generic()).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jane Tan');
    expect(screen.getByText('Chartered Financial Planner').textContent).toBe('Chartered Financial Planner');
    expect(screen.getByRole('link', { name: 'jane@advice.sg' }).getAttribute('href')).toBe('mailto:jane@advice.sg');
    expect(screen.getByRole('link', { name: '+65 6123 4567' }).getAttribute('href')).toBe('tel:+6561234567');
    expect(screen.getByRole('img', { name: 'Photo of Jane Tan' }).getAttribute('src')).toBe(
      '/api/v1/files/blob/storage/user/media/u1/1700000000.png',
    );
    expect(screen.queryByText('jane.tan@example.com')).toBeNull();
  });

  it('falls back to the account e-mail and contact number, and the default picture', async () => {
    get.mockResolvedValueOnce({ ...jane, designation: null, business_email: null, business_phone: '', og_image: null });
    await open('jane.kinfolio.app');
    expect(screen.getByRole('link', { name: 'jane.tan@example.com' }).getAttribute('href')).toBe(
      'mailto:jane.tan@example.com',
    );
    expect(screen.getByRole('link', { name: '91234567' }).getAttribute('href')).toBe('tel:91234567');
    expect(screen.queryByText('Chartered Financial Planner')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo of Jane Tan' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('keeps the generic page when no advisor answers for the sub-domain (404) or the call fails', async () => {
    get.mockRejectedValueOnce(new ApiError(404, { message: 'Advisor not found' }));
    const first = await open('nobody.kinfolio.app');
    expect(generic()?.tagName).toBe('H1');
    first.unmount();
    get.mockRejectedValueOnce(new ApiError(0, { message: 'down' }));
    await open('jane.kinfolio.app');
    expect(generic()?.tagName).toBe('H1');
  });

  it('shows neither page while the answer is on its way', async () => {
    get.mockReturnValueOnce(new Promise(() => undefined));
    await open('jane.kinfolio.app');
    expect(generic()).toBeNull();
    expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
  });
});
