/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { nameMismatches } from '../../../../packages/ui-kit/test/names';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => ({
  ...require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi(),
  useSession: () => ({ user: { id: ADMIN_ID, type: 'admin' }, status: 'loaded' }),
  uploadFiles: (files: File[]) =>
    Promise.resolve(
      files.map((f) => ({
        key: `storage/user/documents/${ADMIN_ID}/deck.pdf`,
        url: '/x',
        fileName: f.name,
        mimetype: 'application/pdf',
      })),
    ),
}));
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const ADMIN_ID = '00000000-0000-4000-8000-0000000000aa';
const F1 = '00000000-0000-4000-8000-000000000001';
const KEY = `storage/user/documents/${ADMIN_ID}/intro.pdf`;
type Folder = { id: string; folder_name: string; files: Array<{ name: string; url: string; key: string }> };
let db: Folder[];

function serve(c: Call): unknown {
  if (c.method === 'GET' && c.path === 'admin/presentations') return db;
  if (c.method === 'POST' && c.path === 'admin/presentations/create') {
    const row = { id: '00000000-0000-4000-8000-000000000002', folder_name: (c.body as Folder).folder_name, files: [] };
    db.push(row);
    return row;
  }
  const m = /^admin\/presentations\/([^/]+)(\/update)?$/.exec(c.path);
  if (m && c.method === 'PATCH') {
    const row = db.find((x) => x.id === m[1])!;
    const b = c.body as { folder_name?: string; files?: Array<{ name: string; url: string }> };
    if (b.folder_name) row.folder_name = b.folder_name;
    if (b.files) row.files = b.files.map((f) => ({ ...f, key: f.url }));
    return row;
  }
  if (m && c.method === 'DELETE') {
    db = db.filter((x) => x.id !== m[1]);
    return null;
  }
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  db = [{ id: F1, folder_name: 'Onboarding', files: [{ name: 'Intro', url: `/api/v1/files/blob/${KEY}`, key: KEY }] }];
  stub.handler = serve;
});

async function open(path = '/admin-dashboard/presentations') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {}); // the page's first read settles inside act
}

describe('admin Presentations', () => {
  it('is reachable from the page walkthroughs page', async () => {
    stub.handler = (c) => (c.path === 'admin/page-walkthrough' ? [] : serve(c));
    await open('/admin-dashboard/page-walkthrough');
    await act(async () => {
      fireEvent.click(await screen.findByRole('link', { name: 'Presentations' }));
    });
    expect(await screen.findByRole('heading', { name: 'Presentations' })).toBeInstanceOf(Element);
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeInstanceOf(Element);
  });

  it('creates, renames and deletes a folder', async () => {
    await open();
    await screen.findByRole('heading', { name: 'Onboarding' });
    fireEvent.click(screen.getByRole('button', { name: 'Add folder' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add folder' });
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Retirement' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ folder_name: 'Retirement', files: [] });
    expect(await screen.findByRole('heading', { name: 'Retirement' })).toBeInstanceOf(Element);

    fireEvent.click(screen.getByRole('button', { name: 'Rename Retirement' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: 'Retirement plans' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByRole('heading', { name: 'Retirement plans' })).toBeInstanceOf(Element);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Retirement plans' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this folder?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      'admin/presentations/00000000-0000-4000-8000-000000000002',
    ]);
    expect(screen.queryByRole('heading', { name: 'Retirement plans' })).toBeNull();
  });

  it('adds an uploaded file and a pptx link, keeping the stored keys of the files already there', async () => {
    await open();
    await screen.findByRole('heading', { name: 'Onboarding' });
    // each button's name contains what it shows (issue 30 item 11: "Add file" was named "Add a file to …")
    expect(nameMismatches()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a file to Onboarding' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a file to Onboarding' });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText(/^File/), {
        target: { files: [new File(['%PDF-1.4'], 'deck.pdf', { type: 'application/pdf' })] },
      });
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(calls.filter((c) => c.method === 'PATCH').pop()?.body).toEqual({
      files: [
        { name: 'Intro', url: KEY },
        { name: 'deck.pdf', url: `storage/user/documents/${ADMIN_ID}/deck.pdf` },
      ],
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Add a file to Onboarding' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a file to Onboarding' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Roadshow' } });
    fireEvent.change(within(dialog).getByLabelText(/^Or a link/), {
      target: { value: 'http://example.com/deck.pptx' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(within(dialog).getByText('Enter an https link to a .pdf, .pptx, .xlsx or .doc file')).toBeInstanceOf(
      Element,
    );
    fireEvent.change(within(dialog).getByLabelText(/^Or a link/), {
      target: { value: 'https://example.com/deck.pptx' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(calls.filter((c) => c.method === 'PATCH').pop()?.body).toEqual({
      files: [
        { name: 'Intro', url: KEY },
        { name: 'deck.pdf', url: `storage/user/documents/${ADMIN_ID}/deck.pdf` },
        { name: 'Roadshow', url: 'https://example.com/deck.pptx' },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Files of Onboarding' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Intro', 'deck.pdf', 'Roadshow']);
  });
});
