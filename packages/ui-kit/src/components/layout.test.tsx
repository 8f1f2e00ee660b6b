/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FilePicker } from './FilePicker';
import {
  HELP_BUTTON_CLEARANCE_PX,
  HELP_BUTTON_GUTTER_PX,
  HELP_BUTTON_OFFSET_PX,
  HELP_BUTTON_SIZE_PX,
  PageContainer,
  Table,
} from './layout';
import { ConfirmDialog } from './Modal';

describe('FilePicker', () => {
  it('is a labelled file input with a styled button, reports the picked files and empties itself', () => {
    const onFiles = jest.fn();
    render(<FilePicker label="Attachments" optional multiple accept=".png" onFiles={onFiles} />);
    const input = screen.getByLabelText(/Attachments/) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.png');
    expect(input.multiple).toBe(true);
    // The visible button is a label of the same input, so clicking it opens the native picker.
    const button = screen.getByText('Choose files');
    expect(button.tagName).toBe('LABEL');
    expect(button.getAttribute('for')).toBe(input.id);
    expect(screen.getByText('No file chosen').textContent).toBe('No file chosen');
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.value).toBe('');
  });

  it('shows an error by the field and marks the input invalid', () => {
    render(<FilePicker label="Profile image" error="Too large" onFiles={jest.fn()} />);
    const input = screen.getByLabelText(/Profile image/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Too large');
  });
});

describe('Table', () => {
  it('sits in its own focusable scroll region, so a wide table never widens the page', () => {
    render(
      <Table label="Users">
        <tbody>
          <tr>
            <td>x</td>
          </tr>
        </tbody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table').tagName).toBe('TABLE');
  });
});

describe('PageContainer', () => {
  it('keeps room at the end of every page for the help button in its default place', () => {
    expect(HELP_BUTTON_CLEARANCE_PX).toBeGreaterThan(HELP_BUTTON_SIZE_PX + HELP_BUTTON_OFFSET_PX);
    render(<PageContainer>content</PageContainer>);
    expect(screen.getByText('content').hasAttribute('data-page-container')).toBe(true);
  });

  it('keeps its right edge clear of the help button on desktop, so nothing scrolls under it (issue 30 item 10)', () => {
    expect(HELP_BUTTON_GUTTER_PX).toBeGreaterThan(HELP_BUTTON_SIZE_PX + HELP_BUTTON_OFFSET_PX);
    render(<PageContainer>content</PageContainer>);
    const style = getComputedStyle(screen.getByText('content'));
    expect([style.paddingLeft, style.paddingRight]).toEqual(['24px', `${HELP_BUTTON_GUTTER_PX}px`]);
  });
});

describe('Modal', () => {
  it('renders at the end of <body>, never inside the (dark, white-text) place it was opened from', () => {
    render(
      <header data-testid="dark-bar" style={{ color: '#fff' }}>
        <ConfirmDialog open title="Are you sure you want to logout?" onConfirm={jest.fn()} onCancel={jest.fn()} />
      </header>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(screen.getByTestId('dark-bar').contains(dialog)).toBe(false);
    expect(dialog.closest('header')).toBeNull();
    expect(getComputedStyle(dialog).color).toBe('rgb(29, 43, 43)');
  });
});
