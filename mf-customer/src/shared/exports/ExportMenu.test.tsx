/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ExportMenu } from './ExportMenu';
import { SharedDocuments } from './SharedDocuments';

const HH = '00000000-0000-4000-8000-0000000000c1';
let userType = 'advisor';
const posts: Array<{ path: string; body: unknown }> = [];
const gets: string[] = [];

jest.mock('@kinfolio/ui-kit', () => ({
  ...jest.requireActual('@kinfolio/ui-kit'),
  useSession: () => ({
    user: { id: 'u1', type: userType, name: 'Jane Lim', designation: 'Certified Financial Planner' },
    status: 'loaded',
  }),
  api: {
    post: jest.fn(async (path: string, body: unknown) => {
      posts.push({ path, body });
      return { id: 'd1' };
    }),
    get: jest.fn(async (path: string) => {
      gets.push(path);
      if (path === 'advisor/public') return { name: 'Jane Lim', designation: null, username: 'jane' };
      return [
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          lead_id: HH,
          report: 'networth',
          format: 'pdf',
          file_name: 'Alex-Tan-Net-worth-2026-11-24.pdf',
          content_type: 'application/pdf',
          size: 1234,
          note: 'Our plan',
          shared_at: '2026-11-24T10:00:00.000Z',
          download_path: `customer/${HH}/shared-documents/00000000-0000-4000-8000-0000000000d1/download`,
        },
      ];
    }),
  },
}));
jest.mock('../household/context', () => ({
  useHousehold: () => ({ household: { id: HH, currency: 'SGD' }, version: 1, readOnly: false }),
}));

type Pending = { resolve: (v: unknown) => void; url: string; init: RequestInit };
let pending: Pending[] = [];
const clicks: string[] = [];

beforeEach(() => {
  userType = 'advisor';
  posts.length = 0;
  gets.length = 0;
  pending = [];
  clicks.length = 0;
  global.fetch = jest.fn(
    (url: string, init: RequestInit) => new Promise((resolve) => pending.push({ resolve, url, init })),
  ) as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:file');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
});

const fileReply = (name: string) => ({
  ok: true,
  status: 200,
  headers: {
    get: (h: string) => (h.toLowerCase() === 'content-disposition' ? `attachment; filename="${name}"` : null),
  },
  blob: async () => new Blob(['x']),
  text: async () => '',
});

it('offers the four kinds in a group named Export, shows progress while the file is made, then downloads it', async () => {
  render(<ExportMenu report="data-table" />);
  const group = screen.getByRole('group', { name: 'Export' });
  const buttons = within(group).getAllByRole('button');
  expect(buttons.map((b) => b.textContent)).toEqual(['Excel', 'PowerPoint', 'Word', 'PDF']);
  expect(screen.queryByRole('progressbar')).toBeNull();

  fireEvent.click(within(group).getByRole('button', { name: 'Excel' }));
  const progress = await screen.findByRole('progressbar', { name: 'Making the Excel file' });
  expect(progress.textContent).toBe('Making the Excel file…');
  expect(within(group).getByRole('button', { name: 'Word' })).toHaveProperty('disabled', true);
  expect(pending).toHaveLength(1);
  expect(pending[0]?.url).toBe(`/api/v1/customer/${HH}/exports`);
  expect(pending[0]?.init.method).toBe('POST');
  expect(JSON.parse(String(pending[0]?.init.body))).toEqual({
    report: 'data-table',
    format: 'xlsx',
    branding: { advisor_name: 'Jane Lim', designation: 'Certified Financial Planner' },
  });
  expect(((pending[0] as Pending).init.headers as Record<string, string>)['x-requested-with']).toBe('kinfolio');

  await act(async () => pending[0]?.resolve(fileReply('Alex-Tan-Data-table-2026-11-24.xlsx')));
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  expect(clicks).toEqual(['Alex-Tan-Data-table-2026-11-24.xlsx']);
  expect(screen.getByRole('status').textContent).toBe('Excel file downloaded');
});

it('says why an export failed', async () => {
  render(<ExportMenu report="cashflow" />);
  fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () =>
    pending[0]?.resolve({
      ok: false,
      status: 400,
      headers: { get: () => null },
      blob: async () => new Blob([]),
      text: async () => JSON.stringify({ message: 'format: Choose xlsx, pptx, docx or pdf' }),
    }),
  );
  expect((await screen.findByRole('alert')).textContent).toBe('format: Choose xlsx, pptx, docx or pdf');
  expect(clicks).toEqual([]);
});

it('sends the scenario with a scenario export; advisors share with the customer, customers cannot', async () => {
  const scenario = { scenario: { overrides: { investment_return: 2 } } };
  const { unmount } = render(<ExportMenu report="scenario" scenario={scenario} />);
  fireEvent.click(screen.getByRole('button', { name: 'Word' }));
  await waitFor(() => expect(pending).toHaveLength(1));
  expect(JSON.parse(String(pending[0]?.init.body))).toMatchObject({ report: 'scenario', format: 'docx', scenario });
  await act(async () => pending[0]?.resolve(fileReply('a.docx')));

  const share = screen.getByRole('group', { name: 'Share with customer' });
  fireEvent.change(within(share).getByLabelText('Kind'), { target: { value: 'pptx' } });
  fireEvent.click(within(share).getByRole('button', { name: 'Share with customer' }));
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe('Shared with the customer. They have been sent an e-mail.'),
  );
  expect(posts).toEqual([
    {
      path: 'share-document',
      body: {
        lead_id: HH,
        report: 'scenario',
        format: 'pptx',
        scenario,
        branding: { advisor_name: 'Jane Lim', designation: 'Certified Financial Planner' },
      },
    },
  ]);
  unmount();

  userType = 'customer';
  render(<ExportMenu report="networth" />);
  expect(screen.queryByRole('group', { name: 'Share with customer' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
  // a customer's export is branded with the advisor of the host (advisor/public)
  await waitFor(() => expect(pending).toHaveLength(2));
  expect(gets).toEqual(['advisor/public']);
  expect(JSON.parse(String(pending[1]?.init.body))).toEqual({
    report: 'networth',
    format: 'pdf',
    branding: { advisor_name: 'Jane Lim' },
  });
});

it('lists the shared documents and downloads one', async () => {
  userType = 'customer';
  render(<SharedDocuments />);
  expect(screen.getByRole('heading', { name: 'Shared documents' }).tagName).toBe('H2');
  const download = await screen.findByRole('button', { name: 'Download Net worth (PDF)' });
  expect(gets).toEqual([`customer/${HH}/shared-documents`]);
  expect(screen.getByText(/Our plan/).textContent).toContain('Shared 24 Nov 2026');
  fireEvent.click(download);
  expect(pending[0]?.url).toBe(`/api/v1/customer/${HH}/shared-documents/00000000-0000-4000-8000-0000000000d1/download`);
  expect(pending[0]?.init.method).toBe('GET');
  await act(async () => pending[0]?.resolve(fileReply('x.pdf')));
  await waitFor(() => expect(clicks).toEqual(['Alex-Tan-Net-worth-2026-11-24.pdf']));
});
