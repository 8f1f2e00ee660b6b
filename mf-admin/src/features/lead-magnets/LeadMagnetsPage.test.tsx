/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { uploadStub } from '../../../../packages/ui-kit/test/upload-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => ({
  ...require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi(),
  useSession: () => ({ user: { id: ADMIN_ID, type: 'admin' }, status: 'loaded' }),
}));
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const ADMIN_ID = '00000000-0000-4000-8000-0000000000aa';
const storage = uploadStub(() => `storage/user/documents/${ADMIN_ID}/abc.pdf`);
const M1 = '00000000-0000-4000-8000-000000000001';
const ADV = '00000000-0000-4000-8000-0000000000b1';
const magnet = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: null,
  file_key: `storage/user/documents/${ADMIN_ID}/x.pdf`,
  file_name: 'checklist.pdf',
  published: false,
  access: 'all',
  advisor_ids: [] as string[],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});
let db: Array<ReturnType<typeof magnet>>;

function serve(c: Call): unknown {
  const upload = storage.answer(c);
  if (upload) return upload;
  if (c.method === 'GET' && c.path === 'admin/advisor-magnet-files') return db;
  if (c.method === 'POST' && c.path === 'admin/advisor-magnet-files') {
    const b = c.body as { title: string; file_name: string };
    const row = magnet('00000000-0000-4000-8000-000000000002', b.title, { file_name: b.file_name });
    db.push(row);
    return row;
  }
  if (c.method === 'POST' && c.path === 'admin/get-filtered-users')
    return { rows: [{ id: ADV, name: 'Aisha Tan', email: 'aisha@example.com' }], total: 1, page: 1, page_size: 200 };
  const m = /^admin\/advisor-magnet-files\/([^/]+)$/.exec(c.path);
  if (m && c.method === 'PATCH') {
    const row = db.find((x) => x.id === m[1])!;
    Object.assign(row, c.body);
    return row;
  }
  if (m && c.method === 'DELETE') {
    db = db.filter((x) => x.id !== m[1]);
    return undefined;
  }
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  storage.reset();
  global.fetch = storage.fetch;
  db = [magnet(M1, 'Retirement checklist')];
  stub.handler = serve;
});

async function open() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard/lead-magnet']}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Lead magnets' })).toBeInstanceOf(Element);
  await screen.findByText('Retirement checklist');
}

describe('admin Lead magnets', () => {
  it('replaces the later-release placeholder with the list', async () => {
    await open();
    const row = screen.getByRole('row', { name: /Retirement checklist/ });
    expect(within(row).getByText('Draft')).toBeInstanceOf(Element);
    expect(within(row).getByText('All advisors')).toBeInstanceOf(Element);
  });

  it('uploads a new lead magnet through the upload flow and saves its key', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Upload lead magnet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload lead magnet' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(within(dialog).getByText('Enter title')).toBeInstanceOf(Element);
    expect(within(dialog).getByText('Upload a file')).toBeInstanceOf(Element);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Budget guide' } });
    const file = new File(['%PDF-1.4'], 'budget.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
    });
    // a document: the object key is its name (the service files it under the signed-in user)
    expect(storage.signed).toEqual(['budget.pdf']);
    expect(storage.puts).toEqual(['budget.pdf']);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === 'admin/advisor-magnet-files')?.body).toEqual({
      title: 'Budget guide',
      description: '',
      published: false,
      file_key: `storage/user/documents/${ADMIN_ID}/abc.pdf`,
      file_name: 'budget.pdf',
    });
    expect(screen.getByRole('status').textContent).toBe("Added 'Budget guide'.");
    expect(await screen.findByText('Budget guide')).toBeInstanceOf(Element);
  });

  it('a wrong file type is refused before any upload', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Upload lead magnet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload lead magnet' });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('File'), {
        target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
      });
    });
    expect(storage.signed).toEqual([]);
    expect(storage.puts).toEqual([]);
    expect(
      within(dialog).getByText('Only .pdf, .pptx, .xlsx, .jpg, .jpeg, .png or .webp files can be lead magnets.'),
    ).toBeInstanceOf(Element);
  });

  it('publishes, and sets the permission to the listed advisors', async () => {
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Publish Retirement checklist' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `admin/advisor-magnet-files/${M1}`,
      body: { published: true },
    });
    expect(await screen.findByText('Published')).toBeInstanceOf(Element);

    fireEvent.click(screen.getByRole('button', { name: 'Permission of Retirement checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permission: Retirement checklist' });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('Who may use this lead magnet'), { target: { value: 'listed' } });
    });
    fireEvent.click(await within(dialog).findByLabelText('Aisha Tan (aisha@example.com)'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(calls.filter((c) => c.method === 'PATCH').pop()).toEqual({
      method: 'PATCH',
      path: `admin/advisor-magnet-files/${M1}`,
      body: { access: 'listed', advisor_ids: [ADV] },
    });
    expect(await screen.findByText('Only the advisors listed (1)')).toBeInstanceOf(Element);
  });
});
