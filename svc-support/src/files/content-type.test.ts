import { realFiles as FILES } from '../../test/real-files';
import { contentMatches, contentTypeOf, detect, extOf, kindOfExtension } from './content-type';

describe('detect (file-type)', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
    ['webm', 'video/webm'],
    ['pdf', 'application/pdf'],
    ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['plainZip', 'application/zip'],
  ] as const)('recognises %s', async (name, type) => {
    expect(await detect(FILES[name])).toBe(type);
  });

  it('recognises nothing in text, an empty file or a truncated header', async () => {
    expect(await detect(FILES.html)).toBeNull();
    expect(await detect(FILES.svg)).not.toBe('image/png');
    expect(await detect(Buffer.alloc(0))).toBeNull();
    expect(await detect(FILES.png.subarray(0, 7))).toBeNull();
  });
});

describe('contentMatches (extension against bytes)', () => {
  it.each([
    ['.jpg', 'jpeg'],
    ['.jpeg', 'jpeg'],
    ['.png', 'png'],
    ['.webp', 'webp'],
    ['.mp4', 'mp4'],
    ['.mov', 'mov'],
    ['.m4v', 'mp4'],
    ['.3gp', 'mp4'],
    ['.webm', 'webm'],
    ['.mkv', 'mkv'],
    ['.mkv', 'webm'],
    ['.pdf', 'pdf'],
    ['.pptx', 'pptx'],
    ['.xlsx', 'xlsx'],
  ] as const)('accepts true %s bytes (%s)', async (ext, name) => {
    expect(await contentMatches(ext, FILES[name])).toBe(true);
  });

  it.each([
    ['.png', 'html'],
    ['.jpg', 'png'],
    ['.png', 'jpeg'],
    ['.webp', 'png'],
    ['.jpeg', 'svg'],
    ['.png', 'gif'],
    ['.mp4', 'webm'],
    ['.webm', 'mp4'],
    ['.pdf', 'html'],
    ['.pdf', 'pptx'],
    ['.pptx', 'xlsx'],
    ['.xlsx', 'pptx'],
    ['.pptx', 'docx'],
    ['.pptx', 'plainZip'],
    ['.xlsx', 'plainZip'],
    ['.mp4', 'exe'],
  ] as const)('refuses a lying extension: %s holding %s', async (ext, name) => {
    expect(await contentMatches(ext, FILES[name])).toBe(false);
  });

  it('refuses truncated files and extensions it does not accept at all', async () => {
    expect(await contentMatches('.png', FILES.png.subarray(0, 4))).toBe(false);
    expect(await contentMatches('.pptx', FILES.pptx.subarray(0, 20))).toBe(false);
    expect(await contentMatches('.png', Buffer.alloc(0))).toBe(false);
    for (const ext of ['.gif', '.svg', '.html', '.exe', '.doc', ''])
      expect(await contentMatches(ext, FILES.png)).toBe(false);
  });
});

describe('extensions and types', () => {
  it('takes the lowercased last extension only', () => {
    expect(extOf('Photo.PNG')).toBe('.png');
    expect(extOf('archive.png.exe')).toBe('.exe');
    expect(extOf('no-extension')).toBe('');
    expect(extOf('trailing.')).toBe('');
  });

  it('sorts extensions into media and documents, and nothing else', () => {
    for (const ext of ['.jpg', '.jpeg', '.png', '.webp', '.mp4', '.mov', '.webm'])
      expect(kindOfExtension(ext)).toBe('media');
    for (const ext of ['.pdf', '.pptx', '.xlsx']) expect(kindOfExtension(ext)).toBe('documents');
    for (const ext of ['.gif', '.svg', '.html', '.doc', '.exe', '']) expect(kindOfExtension(ext)).toBeNull();
  });

  it('stores each extension with its content type (octet-stream for anything else)', () => {
    expect(contentTypeOf('.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('.pptx')).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(contentTypeOf('.html')).toBe('application/octet-stream');
  });
});
