/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

const { calls } = stub;
const ME = '00000000-0000-4000-8000-0000000000a1';
const META_LANG = '00000000-0000-4000-8000-00000000a001';
const META_EXP = '00000000-0000-4000-8000-00000000a002';

jest.mock('@kinfolio/ui-kit', () => ({
  ...require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi(),
  useSession: () => ({
    user: { id: ME, type: 'advisor', name: 'Dana Lee', email: 'dana@kinfolio.test' },
    status: 'loaded',
    setUser: jest.fn(),
    refresh: jest.fn(),
    logout: jest.fn(),
  }),
}));
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const advisor = {
  id: ME,
  type: 'advisor',
  name: 'Dana Lee',
  email: 'dana@kinfolio.test',
  designation: 'Financial Planner',
  business_email: null,
  business_phone: null,
};
const t = (id: string, name: string, position: number) => ({
  id,
  name,
  designation: null,
  content: `${name} recommends Dana`,
  position,
  created_at: '2026-01-01T00:00:00.000Z',
});
const magnet = (id: string, title: string, description: string | null, show: boolean) => ({
  id,
  source: 'own',
  lead_magnet_id: null,
  title,
  description,
  file_name: `${id}.pdf`,
  show_on_page: show,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
let magnets: Array<ReturnType<typeof magnet>> = [];
let meta: Array<Record<string, unknown>>;
let testimonials: Array<ReturnType<typeof t>>;
let reviews: Array<Record<string, unknown>>;

beforeEach(() => {
  calls.length = 0;
  magnets = [];
  meta = [
    {
      id: null,
      meta_id: META_LANG,
      title: 'Languages spoken',
      placeholder: 'English, Malay',
      position: 0,
      value: null,
    },
    { id: 'v2', meta_id: META_EXP, title: 'Experience', placeholder: null, position: 1, value: '10 years' },
  ];
  testimonials = [t('t1', 'Ali', 0), t('t2', 'Bea', 1)];
  reviews = [
    {
      id: 'r1',
      advisor_id: ME,
      customer_id: 'c1',
      customer_name: 'Jane Tan',
      rating: 4,
      review: 'Patient and clear.',
      is_published: false,
      created_at: '2026-02-01T00:00:00.000Z',
      updated_at: '2026-02-01T00:00:00.000Z',
    },
  ];
  stub.handler = (c) => {
    if (c.method === 'GET' && c.path === `users/${ME}`) return { ...advisor };
    if (c.method === 'GET' && c.path === 'advisor/profile-meta-data') return meta;
    if (c.method === 'GET' && c.path === 'advisor/testimonial') return testimonials;
    if (c.method === 'GET' && c.path === 'customer/review-and-ratings') return reviews;
    if (c.method === 'GET' && c.path === 'advisor-magnet-files') return { mine: magnets, available: [] };
    if (c.method === 'POST' && c.path === 'advisor/bulk-update/profile-meta-data') {
      const items = (c.body as { items: Array<{ meta_id: string; value: string }> }).items;
      meta = meta.map((m) => {
        const v = items.find((i) => i.meta_id === m.meta_id)?.value ?? '';
        return { ...m, id: v ? 'v' : null, value: v || null };
      });
      return meta;
    }
    if (c.method === 'POST' && c.path === 'advisor/testimonial') {
      const b = c.body as { name: string; content: string };
      testimonials = [...testimonials, { ...t('t3', b.name, testimonials.length), content: b.content }];
      return testimonials.at(-1);
    }
    if (c.method === 'PATCH' && c.path.startsWith('advisor/testimonial/')) return testimonials[0];
    if (c.method === 'DELETE' && c.path.startsWith('advisor/testimonial/')) {
      testimonials = testimonials.filter((x) => !c.path.endsWith(x.id));
      return undefined;
    }
    if (c.method === 'PATCH' && c.path === 'customer/review-and-ratings/r1/update')
      return { ...reviews[0], is_published: (c.body as { is_published: boolean }).is_published };
    throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
  };
});

async function open() {
  render(
    <MemoryRouter initialEntries={[`/advisor/profile/${ME}`]}>
      <Routes>
        <Route path="/advisor/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('form', { name: 'Profile meta data' });
  await screen.findByRole('list', { name: 'Your testimonials' });
}

describe('Expert Positioning content', () => {
  it('puts the review box back and says why when publishing fails', async () => {
    await open();
    const base = stub.handler;
    stub.handler = (c) => {
      if (c.method === 'PATCH') throw new ApiError(403, { message: 'You do not have access to this resource' });
      return base(c);
    };
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Show on my public page' }));
    });
    expect((screen.getByRole('checkbox', { name: 'Show on my public page' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('You do not have access to this resource')).toBeInstanceOf(Element);
  });

  it('edits the admin-defined meta fields, saves them in bulk and shows them in the live preview', async () => {
    await open();
    const langs = screen.getByLabelText(/Languages spoken/) as HTMLTextAreaElement;
    expect(langs.placeholder).toBe('English, Malay');
    expect((screen.getByLabelText(/Experience/) as HTMLTextAreaElement).value).toBe('10 years');
    fireEvent.change(langs, { target: { value: 'English, Mandarin' } });
    const preview = screen.getByTestId('public-preview');
    expect(within(preview).getByText('English, Mandarin')).toBeInstanceOf(Element);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save meta data' }));
    });
    expect(calls.find((c) => c.path === 'advisor/bulk-update/profile-meta-data')?.body).toEqual({
      items: [
        { meta_id: META_LANG, value: 'English, Mandarin' },
        { meta_id: META_EXP, value: '10 years' },
      ],
    });
    expect(screen.getByRole('status').textContent).toBe('Your profile meta data was saved.');
  });

  it('shows a refused meta value by its field', async () => {
    await open();
    const base = stub.handler;
    stub.handler = (c) => {
      if (c.path === 'advisor/bulk-update/profile-meta-data')
        throw new ApiError(400, {
          message: 'Control characters are not allowed',
          errors: [{ 'items.1.value': ['Control characters are not allowed'] }],
        });
      return base(c);
    };
    fireEvent.change(screen.getByLabelText(/Experience/), { target: { value: '12 years' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save meta data' }));
    });
    expect(screen.getByLabelText(/Experience/).getAttribute('aria-invalid')).toBe('true');
  });

  it('adds a testimonial in a dialog, and asks before discarding unsaved text', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add testimonial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add testimonial' });
    fireEvent.change(within(dialog).getByLabelText('Customer name'), { target: { value: 'Chen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save testimonial' }));
    });
    expect(within(dialog).getByText('Enter testimonial')).toBeInstanceOf(Element);
    fireEvent.change(within(dialog).getByLabelText('Testimonial'), {
      target: { value: 'Sorted our retirement plan.' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save testimonial' }));
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === 'advisor/testimonial')?.body).toEqual({
      name: 'Chen',
      designation: '',
      content: 'Sorted our retirement plan.',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Added the testimonial from Chen.');
    expect(within(screen.getByTestId('public-preview')).getByText('Sorted our retirement plan.')).toBeInstanceOf(
      Element,
    );
  });

  it('reorders with Move up / Move down and deletes after a confirmation', async () => {
    await open();
    expect(
      (screen.getByRole('button', { name: 'Move up the testimonial from Ali' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Move down the testimonial from Ali' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: 'advisor/testimonial/t1',
      body: { position: 1 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete the testimonial from Bea' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this testimonial?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'advisor/testimonial/t2')).toBe(true);
    expect(screen.queryByText('Bea recommends Dana')).toBeNull();
  });

  it('previews the lead magnets shown on the public page, and only those', async () => {
    magnets = [
      magnet('m1', 'Retirement checklist', 'Ten questions before you retire', true),
      magnet('m2', 'Draft guide', null, false),
    ];
    await open();
    const preview = screen.getByTestId('public-preview');
    expect(within(preview).getByRole('heading', { name: 'Free resources' }).tagName).toBe('H4');
    expect(within(preview).getByText('Retirement checklist').tagName).toBe('STRONG');
    expect(within(preview).getByText(/Ten questions before you retire/).tagName).toBe('LI');
    expect(within(preview).queryByText('Draft guide')).toBeNull();
  });

  it("publishes a customer's review, which then shows in the preview with the average rating", async () => {
    await open();
    const preview = screen.getByTestId('public-preview');
    expect(within(preview).getByText('No published reviews yet.')).toBeInstanceOf(Element);
    const box = screen.getByRole('checkbox', { name: 'Show on my public page' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await act(async () => {
      fireEvent.click(box);
    });
    expect(calls.find((c) => c.path === 'customer/review-and-ratings/r1/update')?.body).toEqual({ is_published: true });
    expect((screen.getByRole('checkbox', { name: 'Show on my public page' }) as HTMLInputElement).checked).toBe(true);
    expect(within(preview).getByText(/4\.0 from 1 review/)).toBeInstanceOf(Element);
    expect(within(preview).getAllByRole('img', { name: '4 out of 5 stars' }).length).toBeGreaterThan(0);
  });
});
