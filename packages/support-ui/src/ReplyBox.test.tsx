/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CLOSED_TEXT, canSend, REPLY_ACCEPT, ReplyBox } from './ReplyBox';
import { kitMock } from './testing/fakes';

jest.mock('@kinfolio/ui-kit', () => require('./testing/fakes').kitMock);

const textbox = () => screen.getByRole('textbox');
const sendButton = () => screen.getByRole('button', { name: 'Send' });

function pick(files: File[]) {
  const input = screen.getByTestId('reply-file-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

describe('ReplyBox', () => {
  beforeEach(() => jest.clearAllMocks());

  it('is sendable only with text or an attachment', () => {
    expect(canSend({ reply: '', attachments: [] })).toBe(false);
    expect(canSend({ reply: '   \n ', attachments: [] })).toBe(false);
    expect(canSend({ reply: 'hi', attachments: [] })).toBe(true);
    expect(canSend({ reply: '', attachments: [{ media: 'k', mimetype: 'image/png', fileName: 'a.png' }] })).toBe(true);

    render(<ReplyBox closed={false} userId="u1" onSend={jest.fn()} />);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(textbox(), { target: { value: '  ' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(textbox(), { target: { value: 'Hello' } });
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends on Enter, not on Shift+Enter, and resets the draft on success', async () => {
    const onSend = jest.fn().mockResolvedValue(undefined);
    render(<ReplyBox closed={false} userId="u1" onSend={onSend} />);
    fireEvent.change(textbox(), { target: { value: 'Line one' } });
    fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ reply: 'Line one', attachments: [] });
    await waitFor(() => expect((textbox() as HTMLTextAreaElement).value).toBe(''));
  });

  it('does not send an empty draft on Enter', () => {
    const onSend = jest.fn();
    render(<ReplyBox closed={false} userId="u1" onSend={onSend} />);
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the sending state, then keeps the draft (and no message) when sending fails', async () => {
    let fail: (e: Error) => void = () => undefined;
    const onSend = jest.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    render(<ReplyBox closed={false} userId="u1" onSend={onSend} />);
    fireEvent.change(textbox(), { target: { value: 'Keep me' } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('button', { name: 'Send' })).textContent).toContain('Sending…');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fail(new Error('boom')));
    expect(sendButton().textContent).toContain('Send');
    expect((textbox() as HTMLTextAreaElement).value).toBe('Keep me');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('uploads picked files, shows names cut to 10 characters, lets them be removed, sends attachments only', async () => {
    const onSend = jest.fn().mockResolvedValue(undefined);
    render(<ReplyBox closed={false} userId="u1" onSend={onSend} />);
    const input = screen.getByTestId('reply-file-input');
    expect(input.getAttribute('accept')).toBe(REPLY_ACCEPT);
    expect(REPLY_ACCEPT).toBe('.jpg,.jpeg,.png,.webp,video/*');
    expect(input.hasAttribute('multiple')).toBe(true);
    pick([
      new File(['x'], 'holiday-photo.jpeg', { type: 'image/jpeg' }),
      new File(['y'], 'clip.mp4', { type: 'video/mp4' }),
    ]);
    expect(await screen.findByText('holiday-ph…')).toBeTruthy();
    expect(screen.getByText('clip.mp4')).toBeTruthy();
    expect(kitMock.validateUploads).toHaveBeenCalledWith(expect.any(Array), 'media');
    expect(kitMock.uploadFiles).toHaveBeenCalledWith(expect.any(Array), { kind: 'media', userId: 'u1' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove clip.mp4' }));
    expect(screen.queryByText('clip.mp4')).toBeNull();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false); // an attachment alone makes the draft sendable
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({
        reply: '',
        attachments: [
          {
            media: 'storage/user/media/11111111-1111-4111-8111-111111111111/0-holiday-photo.jpeg',
            mimetype: 'image/jpeg',
            fileName: 'holiday-photo.jpeg',
          },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByText('holiday-ph…')).toBeNull());
  });

  it('shows the 10 MB message for files refused by validation', async () => {
    kitMock.validateUploads.mockReturnValueOnce({
      accepted: [],
      error: 'The file exceeds the 10MB size limit and will not be uploaded.',
    } as never);
    render(<ReplyBox closed={false} userId="u1" onSend={jest.fn()} />);
    pick([new File(['x'], 'big.mp4', { type: 'video/mp4' })]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file exceeds the 10MB size limit and will not be uploaded.',
    );
    expect(kitMock.uploadFiles).not.toHaveBeenCalled();
  });

  it('refuses replies on a closed ticket with the spec text', () => {
    render(<ReplyBox closed userId="u1" onSend={jest.fn()} />);
    expect(screen.getByText(CLOSED_TEXT)).toBeTruthy();
    expect(CLOSED_TEXT).toBe('You cannot reply to this conversation anymore');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});
