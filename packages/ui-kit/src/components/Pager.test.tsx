/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './Pager';

const nav = () => screen.getByRole('navigation', { name: 'Pages' });
const button = (name: 'Previous' | 'Next') => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Pager', () => {
  it('says the page, the pages and the count, and moves a page at a time within them', () => {
    const onPage = jest.fn();
    render(<Pager page={2} total={45} pageSize={20} onPage={onPage} noun={['user', 'users']} />);
    expect(nav().textContent).toBe('PreviousPage 2 of 3 · 45 usersNext');
    fireEvent.click(button('Previous'));
    fireEvent.click(button('Next'));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('has no way before the first page or past the last, and one page for an empty list', () => {
    render(<Pager page={1} total={0} pageSize={20} onPage={() => undefined} noun={['fund', 'funds']} />);
    expect(nav().textContent).toBe('PreviousPage 1 of 1 · 0 fundsNext');
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });

  it('counts one in the singular, writes numbers its way, and waits while a page is read', () => {
    const { rerender } = render(
      <Pager page={1} total={1} pageSize={10} onPage={() => undefined} noun={['ticket', 'tickets']} />,
    );
    expect(nav().textContent).toContain('Page 1 of 1 · 1 ticket');
    rerender(
      <Pager
        page={1}
        total={12_345}
        pageSize={10}
        onPage={() => undefined}
        busy
        format={(n) => n.toLocaleString('en')}
      />,
    );
    expect(nav().textContent).toBe('PreviousPage 1 of 1,235Next');
    expect(button('Next').disabled).toBe(true);
  });
});
