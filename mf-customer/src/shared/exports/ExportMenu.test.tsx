/** @jest-environment jsdom */
import { setSocketOpenerForTests } from '@kinfolio/ui-kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type FakeLiveSocket, fakeJob, fakeLiveSocket } from '../jobs/fake';
import { ExportMenu } from './ExportMenu';
import { SharedDocuments } from './SharedDocuments';

const HH = '00000000-0000-4000-8000-0000000000c1';
const EJ = '00000000-0000-4000-8000-0000000000e7';
/** An export job's row as svc-planning answers it (issue 35's export jobs). */
const exportRow = (over: Record<string, unknown> = {}) => ({
  id: EJ,
  lead_id: HH,
  report: 'data-table',
  format: 'xlsx',
  status: 'queued',
  progress: 0,
  stage: 'Queued: 1 ahead',
  file_name: null,
  size: null,
  created_at: '2026-11-28T10:00:00.000Z',
  finished_at: null,
  download_path: null,
  ...over,
});
/** What GET export-jobs/:id answers now. */
let row: Record<string, unknown> = exportRow();
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
      if (path.endsWith('/export-jobs')) return exportRow({ format: (body as { format: string }).format });
      if (path.endsWith('/cancel')) return fakeJob({ id: EJ, kind: 'export', status: 'running' });
      return { id: 'd1' };
    }),
    get: jest.fn(async (path: string) => {
      gets.push(path);
      if (path.includes('/export-jobs/')) return row;
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

let live: FakeLiveSocket;
afterEach(() => setSocketOpenerForTests(null));
beforeEach(() => {
  live = fakeLiveSocket();
  row = exportRow();
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

const news = (over: Record<string, unknown>) =>
  act(() => live.progress(fakeJob({ id: EJ, kind: 'export', household_id: HH, ahead: null, ...over })));

it('offers the four kinds in a group named Export; the file is made as a job with its progress, then downloaded', async () => {
  render(<ExportMenu report="data-table" />);
  const group = screen.getByRole('group', { name: 'Export' });
  const buttons = within(group).getAllByRole('button');
  expect(buttons.map((b) => b.textContent)).toEqual(['Excel', 'PowerPoint', 'Word', 'PDF']);
  expect(screen.queryByRole('progressbar')).toBeNull();

  fireEvent.click(within(group).getByRole('button', { name: 'Excel' }));
  const progress = await screen.findByRole('progressbar', { name: 'Making the Excel file' });
  await waitFor(() => expect(progress.getAttribute('aria-valuetext')).toBe('Queued: 1 ahead'));
  expect(within(group).getByRole('button', { name: 'Word' })).toHaveProperty('disabled', true);
  expect(posts).toEqual([
    {
      path: `customer/${HH}/export-jobs`,
      body: {
        report: 'data-table',
        format: 'xlsx',
        branding: { advisor_name: 'Jane Lim', designation: 'Certified Financial Planner' },
      },
    },
  ]);
  news({ status: 'running', progress: 60, stage: 'Writing the Excel file' });
  expect(progress.getAttribute('aria-valuenow')).toBe('60');
  expect(progress.getAttribute('aria-valuetext')).toBe('Writing the Excel file');

  row = exportRow({
    status: 'done',
    progress: 100,
    stage: 'Done',
    file_name: 'Alex-Tan-Data-table-2026-11-24.xlsx',
    download_path: `customer/${HH}/export-jobs/${EJ}/download`,
  });
  news({ status: 'done', progress: 100, stage: 'Done' });
  await waitFor(() => expect(pending).toHaveLength(1));
  expect(pending[0]?.url).toBe(`/api/v1/customer/${HH}/export-jobs/${EJ}/download`);
  expect(pending[0]?.init.method).toBe('GET');
  await act(async () => pending[0]?.resolve(fileReply('Alex-Tan-Data-table-2026-11-24.xlsx')));
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  expect(clicks).toEqual(['Alex-Tan-Data-table-2026-11-24.xlsx']);
  expect(screen.getByRole('status').textContent).toBe('Excel file downloaded');
});

it('Cancel stops the export job and says so; the file is not downloaded', async () => {
  render(<ExportMenu report="cashflow" />);
  fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
  await screen.findByRole('progressbar', { name: 'Making the PDF file' });
  await waitFor(() => expect(posts).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Export cancelled'));
  expect(posts.at(-1)).toEqual({ path: `jobs/${EJ}/cancel`, body: {} });
  expect(screen.queryByRole('progressbar')).toBeNull();
  news({ status: 'done', progress: 100, stage: 'Done' });
  expect(pending).toEqual([]);
  expect(clicks).toEqual([]);
});

it('says why an export failed', async () => {
  render(<ExportMenu report="cashflow" />);
  fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
  await screen.findByRole('progressbar', { name: 'Making the PDF file' });
  await waitFor(() => expect(posts).toHaveLength(1));
  news({ status: 'failed', progress: 10, stage: 'format: Choose xlsx, pptx, docx or pdf' });
  expect((await screen.findByRole('alert')).textContent).toBe('format: Choose xlsx, pptx, docx or pdf');
  expect(clicks).toEqual([]);
});

it('sends the scenario with a scenario export; advisors share with the customer, customers cannot', async () => {
  const scenario = { scenario: { overrides: { investment_return: 2 } } };
  const { unmount } = render(<ExportMenu report="scenario" scenario={scenario} />);
  fireEvent.click(screen.getByRole('button', { name: 'Word' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]?.body).toMatchObject({ report: 'scenario', format: 'docx', scenario });
  row = exportRow({ status: 'done', progress: 100, stage: 'Done', format: 'docx', file_name: 'a.docx' });
  news({ status: 'done', progress: 100, stage: 'Done' });
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0]?.resolve(fileReply('a.docx')));
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Word file downloaded'));
  posts.length = 0;

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
  await waitFor(() => expect(posts).toHaveLength(2));
  expect(gets.filter((g) => !g.includes('/export-jobs/'))).toEqual(['advisor/public']);
  expect(posts[1]?.body).toEqual({
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
