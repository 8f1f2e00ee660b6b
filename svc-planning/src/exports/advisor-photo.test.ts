import { imageType } from './advisor-photo';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('imageType: a PNG or JPEG by its first bytes only', () => {
  it('knows a PNG and a JPEG', () => {
    expect(imageType(Buffer.from([...PNG_SIGNATURE, 0, 0, 0, 13]))).toBe('png');
    expect(imageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('jpeg');
    expect(imageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 67]))).toBe('jpeg');
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['a WebP', Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a PNG signature with nothing after it', Buffer.from(PNG_SIGNATURE)],
    ['a PNG signature one byte short', Buffer.from(PNG_SIGNATURE.slice(0, 7))],
    ['a PNG signature not at the start', Buffer.from([0, ...PNG_SIGNATURE, 0])],
    ['two bytes of a JPEG', Buffer.from([0xff, 0xd8])],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_what, bytes) => {
    expect(imageType(bytes)).toBeNull();
  });
});
