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

  it('offers the visitor no advisor sign-up; Sign In goes to the customer sign-in', async () => {
    get.mockResolvedValueOnce(jane);
    await open('jane.kinfolio.app');
    expect(screen.queryByRole('link', { name: '14-Day Free Trial' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/customer/auth/login');
  });

  it('shows meta data, testimonials and published reviews with the average rating', async () => {
    get.mockResolvedValueOnce({
      ...jane,
      meta: [{ title: 'Languages spoken', value: 'English, Malay' }],
      testimonials: [{ id: 't1', name: 'Siti', designation: 'Teacher', content: 'Planned our retirement.' }],
      reviews: [
        { id: 'r1', name: 'Omar K.', rating: 5, review: 'Excellent advice.', created_at: '2026-01-01T00:00:00.000Z' },
        { id: 'r2', name: 'Lee', rating: 4, review: 'Patient.', created_at: '2026-01-02T00:00:00.000Z' },
      ],
      rating: { average: 4.5, count: 2 },
    });
    await open('jane.kinfolio.app');
    expect(await screen.findByRole('heading', { level: 2, name: 'About' })).toBeInstanceOf(Element);
    expect(screen.getByText('Languages spoken').tagName).toBe('DT');
    expect(screen.getByText('English, Malay').tagName).toBe('DD');
    expect(screen.getByRole('heading', { level: 2, name: 'Testimonials' })).toBeInstanceOf(Element);
    expect(screen.getByText('Planned our retirement.').tagName).toBe('BLOCKQUOTE');
    expect(screen.getByText('Siti, Teacher')).toBeInstanceOf(Element);
    expect(screen.getByRole('heading', { level: 2, name: 'Reviews' })).toBeInstanceOf(Element);
    expect(screen.getByText('4.5 out of 5 from 2 reviews')).toBeInstanceOf(Element);
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeInstanceOf(Element);
    expect(screen.getByText('Excellent advice.')).toBeInstanceOf(Element);
    expect(screen.getByText('Omar K.')).toBeInstanceOf(Element);
  });

  it('shows no empty sections when the advisor has no content yet', async () => {
    get.mockResolvedValueOnce({
      ...jane,
      meta: [],
      testimonials: [],
      reviews: [],
      rating: { average: null, count: 0 },
    });
    await open('jane.kinfolio.app');
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
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
