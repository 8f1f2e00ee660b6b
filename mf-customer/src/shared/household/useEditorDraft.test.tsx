/** @jest-environment jsdom */
import { ApiError } from '@kinfolio/ui-kit';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { stub } from '../../../../packages/ui-kit/test/api-stub';
import { useEditorDraft } from './useEditorDraft';

jest.mock('@kinfolio/ui-kit', () => require('../../../../packages/ui-kit/test/api-stub').uiKitWithStubbedApi());

const HH = '00000000-0000-4000-8000-0000000000c1';
const DRAFT = '00000000-0000-4000-8000-0000000000d9';

/** The address's query as the router last rendered it. */
let search = '';
function Where() {
  search = useLocation().search;
  return null;
}

/** The hook in a router at `url`, with the notices it gave and the address it left. */
function open(url: string) {
  const notices: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <Where />
    </MemoryRouter>
  );
  const hook = renderHook(() => useEditorDraft(HH, 'insurance/policy-editor', (t) => notices.push(t)), { wrapper });
  return { hook, notices, search: () => search };
}

beforeEach(() => stub.reset());

describe('useEditorDraft', () => {
  it('reads the draft named in the address', async () => {
    stub.handler = (c) =>
      c.path === `user/form-steps-draft/${DRAFT}/read` ? { id: DRAFT, data: { step: 2 } } : undefined;
    const { hook, notices } = open(`/edit?draft=${DRAFT}`);
    expect(hook.result.current.draftId).toBe(DRAFT);
    await expect(hook.result.current.read()).resolves.toEqual({ step: 2 });
    expect(notices).toEqual([]);
  });

  it('a draft that cannot be read, or holds no data, gives null: the editor goes on with the stored values', async () => {
    stub.handler = () => {
      throw new ApiError(404, 'Draft not found');
    };
    const failing = open(`/edit?draft=${DRAFT}`);
    await expect(failing.hook.result.current.read()).resolves.toBeNull();
    expect(failing.notices).toEqual(['The draft could not be read: Draft not found']);

    stub.handler = () => ({ id: DRAFT, data: null });
    const empty = open(`/edit?draft=${DRAFT}`);
    await expect(empty.hook.result.current.read()).resolves.toBeNull();
    expect(empty.notices).toEqual([]);
  });

  it('with no draft named, reads nothing', async () => {
    const { hook } = open('/edit');
    await expect(hook.result.current.read()).resolves.toBeNull();
    expect(stub.calls).toEqual([]);
  });

  it('keeps a new draft and names it in the address; a second keep updates the same draft', async () => {
    stub.handler = (c) => (c.path === 'user/form-steps-draft/create' ? { id: DRAFT, data: {} } : undefined);
    const { hook, search } = open('/edit?edit=new');
    await act(() => hook.result.current.keep({ step: 1 }));
    expect(stub.calls[0]).toEqual({
      method: 'POST',
      path: 'user/form-steps-draft/create',
      body: { step: 'insurance/policy-editor', lead_id: HH, data: { step: 1 } },
    });
    expect(search()).toBe(`?edit=new&draft=${DRAFT}`);
    await act(() => hook.result.current.keep({ step: 2 }));
    expect(stub.calls[1]?.body).toEqual({ id: DRAFT, step: 'insurance/policy-editor', lead_id: HH, data: { step: 2 } });
  });

  it('a draft that cannot be kept is said, and the address names none', async () => {
    stub.handler = () => {
      throw new ApiError(503, 'Service unavailable');
    };
    const { hook, notices, search } = open('/edit');
    await act(() => hook.result.current.keep({ step: 1 }));
    expect(notices).toEqual(['The draft could not be kept: Service unavailable']);
    expect(search()).toBe('');
  });

  it('after a save, removes the draft and its name, even when the removal fails', async () => {
    stub.handler = () => {
      throw new ApiError(500, 'down');
    };
    const { hook, search } = open(`/edit?edit=new&draft=${DRAFT}`);
    await act(() => hook.result.current.discard());
    expect(stub.calls).toEqual([{ method: 'DELETE', path: `user/form-steps-draft/${DRAFT}` }]);
    expect(search()).toBe('?edit=new');
  });
});
