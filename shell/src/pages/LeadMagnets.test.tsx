/** @jest-environment jsdom */
import { ApiError, api } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CONSENT_REQUIRED, CONSENT_TEXT } from './LeadMagnets';
import { HomePage } from './misc';

const LM = '00000000-0000-4000-8000-000000000001';
const jane = {
  name: 'Jane Tan',
  username: 'jane',
  designation: 'Chartered Financial Planner',
  business_email: 'jane@advice.sg',
  email: 'jane.tan@example.com',
  business_phone: '+65 6123 4567',
  contact_number: '91234567',
  og_image: null,
  meta: [],
  testimonials: [],
  reviews: [],
  rating: { average: null, count: 0 },
  lead_magnets: [{ id: LM, title: 'Retirement checklist', description: 'Ten questions to ask' }],
};
const URL_ = `/api/v1/advisor/public/lead-magnets/${LM}/file?exp=1&sig=abc`;

async function open() {
  render(
    <MemoryRouter initialEntries={['/home']}>
      <HomePage hostname="jane.kinfolio.app" />
    </MemoryRouter>,
  );
  await act(async () => undefined);
  return screen.findByRole('heading', { name: 'Free resources' });
}

describe('the advisor public page’s lead magnets', () => {
  let post: jest.SpyInstance;
  let clicked: string[];
  beforeEach(() => {
    jest.spyOn(api, 'get').mockResolvedValue(jane);
    post = jest.spyOn(api, 'post').mockResolvedValue({ url: URL_ });
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists the shown lead magnets; the form asks for name, e-mail and consent, then starts the download', async () => {
    await open();
    const card = screen.getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Retirement checklist' })).toBeInstanceOf(Element);
    expect(within(card).getByText('Ten questions to ask')).toBeInstanceOf(Element);
    fireEvent.click(within(card).getByRole('button', { name: 'Download Retirement checklist' }));

    // nothing is sent without consent
    fireEvent.change(within(card).getByLabelText('Your name'), { target: { value: 'Priya Nair' } });
    fireEvent.change(within(card).getByLabelText('Your e-mail'), { target: { value: 'priya@example.com' } });
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Get the file' }));
    });
    expect(post).not.toHaveBeenCalled();
    expect(within(card).getByRole('alert').textContent).toBe(CONSENT_REQUIRED);

    fireEvent.click(within(card).getByLabelText(CONSENT_TEXT));
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Get the file' }));
    });
    expect(post).toHaveBeenCalledWith(
      `advisor/public/lead-magnets/${LM}/download`,
      { name: 'Priya Nair', email: 'priya@example.com', consent: true },
      { catalogue: false },
    );
    expect(clicked).toEqual([URL_]);
    expect(within(card).getByRole('status').textContent).toContain('Your download has started.');
    expect(within(card).getByRole('link', { name: 'Download again' }).getAttribute('href')).toBe(URL_);
  });

  it('shows the server’s field error by the field', async () => {
    post.mockRejectedValue(
      new ApiError(400, {
        message: 'Enter a valid e-mail address',
        errors: [{ email: ['Enter a valid e-mail address'] }],
      }),
    );
    await open();
    const card = screen.getByRole('listitem');
    fireEvent.click(within(card).getByRole('button', { name: 'Download Retirement checklist' }));
    fireEvent.change(within(card).getByLabelText('Your name'), { target: { value: 'Priya' } });
    fireEvent.change(within(card).getByLabelText('Your e-mail'), { target: { value: 'priya@example.com' } });
    fireEvent.click(within(card).getByLabelText(CONSENT_TEXT));
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Get the file' }));
    });
    expect(within(card).getByText('Enter a valid e-mail address')).toBeInstanceOf(Element);
    expect(clicked).toEqual([]);
  });

  it('shows no section when the advisor shows no lead magnets', async () => {
    jest.spyOn(api, 'get').mockResolvedValue({ ...jane, lead_magnets: [] });
    render(
      <MemoryRouter initialEntries={['/home']}>
        <HomePage hostname="jane.kinfolio.app" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Jane Tan' })).toBeInstanceOf(Element);
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { name: 'Free resources' })).toBeNull();
  });
});
