/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import { uploadStub } from '../../../../packages/ui-kit/test/upload-stub';
import { LeadMagnetsCard } from './LeadMagnets';

type Call = StubCall;
const { calls } = stub;
const ME = '00000000-0000-4000-8000-0000000000a1';
const storage = uploadStub(() => `storage/user/documents/${ME}/guide.pdf`);

jest.mock('@kinfolio/ui-kit', () => ({
  ...require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi(),
  useSession: () => ({ user: { id: ME, type: 'advisor' }, status: 'loaded' }),
}));
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const OWN = '00000000-0000-4000-8000-000000000001';
const ADMIN_LM = '00000000-0000-4000-8000-0000000000c1';
const row = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  source: 'own',
  lead_magnet_id: null,
  title,
  description: null,
  file_name: 'sheet.pdf',
  show_on_page: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});
let mine: Array<ReturnType<typeof row>>;
const available = [{ id: ADMIN_LM, title: 'Retirement checklist', description: null, file_name: 'checklist.pdf' }];

function serve(c: Call): unknown {
  const upload = storage.answer(c);
  if (upload) return upload;
  if (c.method === 'GET' && c.path === 'advisor-magnet-files') return { mine, available };
  if (c.method === 'POST' && c.path === 'advisor-magnet-files') {
    const b = c.body as { title?: string; lead_magnet_id?: string };
    const r = b.lead_magnet_id
      ? row('00000000-0000-4000-8000-000000000003', 'Retirement checklist', {
          source: 'admin',
          lead_magnet_id: ADMIN_LM,
        })
      : row('00000000-0000-4000-8000-000000000002', b.title ?? '');
    mine.push(r);
    return r;
  }
  const m = /^advisor-magnet-files\/([^/]+)$/.exec(c.path);
  if (m && c.method === 'PATCH') {
    const r = mine.find((x) => x.id === m[1])!;
    Object.assign(r, c.body);
    return r;
  }
  if (m && c.method === 'DELETE') {
    mine = mine.filter((x) => x.id !== m[1]);
    return undefined;
  }
  throw new ApiError(400, { message: `unexpected ${c.method} ${c.path}` });
}

beforeEach(() => {
  calls.length = 0;
  storage.reset();
  global.fetch = storage.fetch;
  mine = [row(OWN, 'Budget sheet')];
  stub.handler = serve;
});

async function open() {
  render(<LeadMagnetsCard />);
  expect(screen.getByRole('heading', { name: 'Lead magnets' })).toBeInstanceOf(Element);
  await screen.findByText('Budget sheet');
}

describe('Expert positioning › Lead magnets', () => {
  it('lists the advisor’s lead magnets with "Show on my public page", and hides one', async () => {
    await open();
    const item = within(screen.getByRole('list', { name: 'Your lead magnets' })).getAllByRole('listitem')[0]!;
    const show = within(item).getByLabelText('Show on my public page') as HTMLInputElement;
    expect(show.checked).toBe(true);
    await act(async () => {
      fireEvent.click(show);
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `advisor-magnet-files/${OWN}`,
      body: { show_on_page: false },
    });
    expect(screen.getByRole('status').textContent).toBe("'Budget sheet' is hidden from your public page.");
  });

  it('uploads their own file through the upload flow', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Upload lead magnet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload lead magnet' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Estate guide' } });
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText('File'), {
        target: { files: [new File(['%PDF-1.4'], 'estate.pdf', { type: 'application/pdf' })] },
      });
    });
    // a document: the object key is its name (the service files it under the signed-in advisor)
    expect(storage.signed).toEqual(['estate.pdf']);
    expect(storage.puts).toEqual(['estate.pdf']);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === 'advisor-magnet-files')?.body).toEqual({
      title: 'Estate guide',
      description: '',
      file_key: `storage/user/documents/${ME}/guide.pdf`,
      file_name: 'estate.pdf',
      show_on_page: true,
    });
    expect(await screen.findByText('Estate guide')).toBeInstanceOf(Element);
  });

  it('picks a permitted admin lead magnet', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Lead magnets offered by the platform'), { target: { value: ADMIN_LM } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use this lead magnet' }));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ lead_magnet_id: ADMIN_LM, show_on_page: true });
    expect(await screen.findByText('Retirement checklist')).toBeInstanceOf(Element);
    expect(screen.getByText('sheet.pdf · offered by the platform')).toBeInstanceOf(Element);
    // once offered it is no longer offered to pick
    expect(screen.queryByLabelText('Lead magnets offered by the platform')).toBeNull();
  });

  it('removes one after confirming', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Budget sheet' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this lead magnet?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    });
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`advisor-magnet-files/${OWN}`);
    expect(await screen.findByText(/No lead magnets yet/)).toBeInstanceOf(Element);
  });
});
