/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { uploadStub } from '../../test/upload-stub';
import { ApiError, api } from '../api';
import { LeadMagnetEditor, type LeadMagnetDraft } from './LeadMagnetEditor';

const ME = '00000000-0000-4000-8000-0000000000a1';
const storage = uploadStub((objectKey) => `stored/${objectKey}`);
let post: jest.SpyInstance;

beforeEach(() => {
  storage.reset();
  global.fetch = storage.fetch;
  // the upload flow's signing call; every other call is the caller's `save`
  post = jest.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    const answer = storage.answer({ method: 'POST', path, body });
    if (answer === undefined) throw new Error(`unexpected POST ${path}`);
    return answer;
  });
});
afterEach(() => post.mockRestore());

function open(
  save: (d: LeadMagnetDraft) => Promise<unknown>,
  magnet: { title: string; file_name: string } | null = null,
) {
  const onSaved = jest.fn(async () => undefined);
  render(
    <LeadMagnetEditor magnet={magnet} userId={ME} save={save} onSaved={onSaved} onClose={() => undefined}>
      <label>
        <input type="checkbox" /> Published
      </label>
    </LeadMagnetEditor>,
  );
  return { dialog: screen.getByRole('dialog', { name: magnet ? 'Edit lead magnet' : 'Upload lead magnet' }), onSaved };
}

const pick = async (dialog: HTMLElement, file: File) => {
  await act(async () => {
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
  });
};

describe('LeadMagnetEditor (the admin and advisor lead magnet dialog)', () => {
  it('asks for a title and a file before it saves anything, and shows the caller’s own fields', async () => {
    const save = jest.fn(async () => undefined);
    const { dialog } = open(save);
    expect(within(dialog).getByLabelText('Published')).toBeInstanceOf(HTMLInputElement);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(within(dialog).getByText('Enter title')).toBeInstanceOf(Element);
    expect(within(dialog).getByText('Upload a file')).toBeInstanceOf(Element);
    expect(save).not.toHaveBeenCalled();
  });

  it('uploads an image as media under the user’s id and saves the stored key; Enter in a field submits', async () => {
    const save = jest.fn(async (_d: LeadMagnetDraft) => undefined);
    const { dialog, onSaved } = open(save);
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Cover page  ' } });
    await pick(dialog, new File(['\x89PNG'], 'cover.png', { type: 'image/png' }));
    expect(storage.signed).toHaveLength(1);
    expect(storage.signed[0]).toMatch(new RegExp(`^storage/user/media/${ME}/\\d+\\.png$`));
    expect(storage.puts).toEqual(['cover.png']);
    await act(async () => {
      fireEvent.submit(within(dialog).getByLabelText('Title').closest('form') as HTMLFormElement);
    });
    expect(save).toHaveBeenCalledWith({
      title: 'Cover page',
      description: '',
      file_key: `stored/${storage.signed[0]}`,
      file_name: 'cover.png',
    });
    expect(onSaved).toHaveBeenCalledWith("Added 'Cover page'.");
  });

  it('refuses a file that is not a lead magnet type before any upload', async () => {
    const { dialog } = open(async () => undefined);
    await pick(dialog, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(storage.signed).toEqual([]);
    expect(
      within(dialog).getByText('Only .pdf, .pptx, .xlsx, .jpg, .jpeg, .png or .webp files can be lead magnets.'),
    ).toBeInstanceOf(Element);
  });

  it('shows a refusal’s error by the field it is about', async () => {
    const refuse = (errors: Array<Record<string, string[]>>) => async () => {
      throw new ApiError(422, { message: 'The given data was invalid.', errors });
    };
    const { dialog, onSaved } = open(refuse([{ title: ['The title is taken'] }]), {
      title: 'Budget',
      file_name: 'budget.pdf',
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(within(dialog).getByText('The title is taken')).toBeInstanceOf(Element);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says under the form what a refusal says about a field the dialog does not show', async () => {
    const { dialog } = open(
      async () => {
        throw new ApiError(422, {
          message: 'The given data was invalid.',
          errors: [{ published: ['Published lead magnets need a file.'] }],
        });
      },
      { title: 'Budget', file_name: 'budget.pdf' },
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(within(dialog).getByText('Published lead magnets need a file.')).toBeInstanceOf(Element);
  });
});
