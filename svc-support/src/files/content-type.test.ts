import { contentMatches, contentTypeOf, detect, extOf, kindOfExtension } from './content-type';

const bytes = (...b: number[]) => Buffer.from(b);
const latin = (s: string) => Buffer.from(s, 'latin1');

/** The smallest true headers of each type this service accepts. */
const FILES = {
  jpeg: Buffer.concat([bytes(0xff, 0xd8, 0xff, 0xe0), latin('\x00\x10JFIF\x00')]),
  png: Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), latin('\x00\x00\x00\x0dIHDR')]),
  webp: latin('RIFF\x24\x00\x00\x00WEBPVP8 '),
  mp4: latin('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00'),
  mov: latin('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00'),
  webm: Buffer.concat([bytes(0x1a, 0x45, 0xdf, 0xa3), latin('\x9fB\x86\x81\x01')]),
  pdf: latin('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  pptx: Buffer.concat([
    bytes(0x50, 0x4b, 0x03, 0x04),
    latin('\x14\x00\x06\x00[Content_Types].xml....ppt/slides/slide1.xml'),
  ]),
  xlsx: Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), latin('\x14\x00\x06\x00[Content_Types].xml....xl/workbook.xml')]),
  html: latin('<!doctype html><script>alert(1)</script>'),
  svg: latin('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  exe: latin('MZ\x90\x00\x03\x00\x00\x00'),
  gif: latin('GIF89a\x01\x00\x01\x00'),
  plainZip: Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), latin('\x14\x00\x00\x00notes.txt')]),
};

describe('detect (magic bytes)', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
    ['webm', 'video/webm'],
    ['pdf', 'application/pdf'],
    ['pptx', 'application/zip'],
    ['xlsx', 'application/zip'],
  ] as const)('recognises %s', (name, type) => {
    expect(detect(FILES[name])).toBe(type);
  });

  it.each(['html', 'svg', 'exe', 'gif'] as const)('recognises nothing in %s', (name) => {
    expect(detect(FILES[name])).toBeNull();
  });

  it('recognises nothing in an empty or truncated header', () => {
    expect(detect(Buffer.alloc(0))).toBeNull();
    expect(detect(bytes(0xff, 0xd8))).toBeNull(); // jpeg needs 3 bytes
    expect(detect(FILES.png.subarray(0, 7))).toBeNull(); // png needs its 8-byte signature
    expect(detect(latin('RIFF\x24\x00\x00\x00WEB'))).toBeNull(); // webp needs 12
    expect(detect(latin('\x00\x00\x00\x18ftypis'))).toBeNull(); // ftyp box needs 12
    expect(detect(bytes(0x1a, 0x45, 0xdf))).toBeNull();
    expect(detect(latin('%PDF'))).toBeNull();
    expect(detect(bytes(0x50, 0x4b, 0x03))).toBeNull();
  });

  it('does not take a RIFF that is not WEBP (a WAV or AVI) for an image', () => {
    expect(detect(latin('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(detect(latin('RIFF\x24\x00\x00\x00AVI LIST'))).toBeNull();
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
    ['.mkv', 'webm'],
    ['.pdf', 'pdf'],
    ['.pptx', 'pptx'],
    ['.xlsx', 'xlsx'],
  ] as const)('accepts true %s bytes', (ext, name) => {
    expect(contentMatches(ext, FILES[name])).toBe(true);
  });

  it.each([
    ['.png', 'html'],
    ['.jpg', 'png'],
    ['.png', 'jpeg'],
    ['.webp', 'png'],
    ['.jpeg', 'svg'],
    ['.mp4', 'webm'],
    ['.webm', 'mp4'],
    ['.pdf', 'html'],
    ['.pdf', 'pptx'],
    ['.pptx', 'xlsx'],
    ['.xlsx', 'pptx'],
    ['.pptx', 'plainZip'],
    ['.xlsx', 'plainZip'],
    ['.mp4', 'exe'],
  ] as const)('refuses a lying extension: %s holding %s', (ext, name) => {
    expect(contentMatches(ext, FILES[name])).toBe(false);
  });

  it('refuses truncated files and extensions it does not accept at all', () => {
    expect(contentMatches('.png', FILES.png.subarray(0, 4))).toBe(false);
    expect(contentMatches('.pptx', FILES.pptx.subarray(0, 20))).toBe(false);
    expect(contentMatches('.png', Buffer.alloc(0))).toBe(false);
    for (const ext of ['.gif', '.svg', '.html', '.exe', '.doc', '']) expect(contentMatches(ext, FILES.png)).toBe(false);
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
