/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type StubCall, stub } from '../../../../packages/ui-kit/test/api-stub';
import App from '../../App';

type Call = StubCall;
const { calls } = stub;

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());
const { ApiError } = jest.requireActual('@kinfolio/ui-kit') as typeof import('@kinfolio/ui-kit');

const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const meta = (id: string, title: string, position: number, placeholder: string | null = null) => ({
  id,
  title,
  placeholder,
  position,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
let db: Array<ReturnType<typeof meta>>;

function serve(c: Call): unknown {
  if (c.method === 'GET' && c.path === 'admin/advisor-meta') return [...db].sort((x, y) => x.position - y.position);
  if (c.method === 'POST' && c.path === 'admin/advisor-meta/create') {
    const b = c.body as { title: string; placeholder: string; position: number };
    const row = meta('00000000-0000-4000-8000-000000000003', b.title, b.position, b.placeholder || null);
    db.push(row);
    return row;
  }
  if (c.method === 'PUT' && c.path === 'admin/advisor-meta/bulk-update') {
    for (const i of (c.body as { items: Array<{ id: string; position: number }> }).items) {
      const row = db.find((m) => m.id === i.id);
      if (row) row.position = i.position;
    }
    return [...db].sort((x, y) => x.position - y.position);
  }
  const m = /^admin\/advisor-meta\/([^/]+)(\/update)?$/.exec(c.path);
  if (m && c.method === 'PATCH') {
    const row = db.find((x) => x.id === m[1])!;
    row.title = (c.body as { title: string }).title;
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
  db = [meta(A, 'Languages spoken', 0, 'English, Malay'), meta(B, 'Qualifications', 1)];
  stub.handler = serve;
});

async function open() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard/advisor-meta']}>
      <Routes>
        <Route path="/admin-dashboard/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Advisor meta data' })).toBeInstanceOf(Element);
  await screen.findByText('Languages spoken');
}
const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

describe('admin Advisor meta data', () => {
  it('replaces the later-release placeholder with the list of fields', async () => {
    await open();
    expect(titles()).toEqual(['Languages spoken', 'Qualifications']);
    expect(screen.getByText('English, Malay')).toBeInstanceOf(Element);
  });

  it('adds a field; an empty title is refused by the field; closing with changes asks first', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add field' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save field' }));
    });
    expect(within(dialog).getByText('Enter title')).toBeInstanceOf(Element);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Years of experience' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInstanceOf(Element);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save field' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'admin/advisor-meta/create',
      body: { title: 'Years of experience', placeholder: '', position: 2 },
    });
    expect(screen.getByRole('status').textContent).toBe("Added the field 'Years of experience'.");
    expect(titles()).toEqual(['Languages spoken', 'Qualifications', 'Years of experience']);
  });

  it('edits a field with its update call', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Qualifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit field' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Degrees' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save field' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `admin/advisor-meta/${B}/update`,
      body: { title: 'Degrees', placeholder: '' },
    });
    expect(titles()).toEqual(['Languages spoken', 'Degrees']);
  });

  it('reorders locally and saves the order in one bulk call', async () => {
    await open();
    expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move Qualifications up' }));
    expect(titles()).toEqual(['Qualifications', 'Languages spoken']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    });
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: 'admin/advisor-meta/bulk-update',
      body: {
        items: [
          { id: B, position: 0 },
          { id: A, position: 1 },
        ],
      },
    });
    expect(screen.getByRole('status').textContent).toBe('The new order was saved.');
    expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull();
  });

  it('deletes a field after a confirmation', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Languages spoken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this field?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `admin/advisor-meta/${A}`)).toBe(true);
    expect(titles()).toEqual(['Qualifications']);
  });

  it('shows a load failure as an alert', async () => {
    stub.handler = () => {
      throw new ApiError(500, {});
    };
    render(
      <MemoryRouter initialEntries={['/admin-dashboard/advisor-meta']}>
        <Routes>
          <Route path="/admin-dashboard/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});
