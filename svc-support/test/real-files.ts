import { crc32 } from 'node:zlib';

/**
 * The smallest true files of each type svc-support accepts, built byte by byte (file-type reads them as a real
 * decoder would: a PNG's chunks, an EBML header's DocType, an Office package's [Content_Types].xml).
 */
const latin = (s: string) => Buffer.from(s, 'latin1');

/** A zip of stored (uncompressed) entries, with its central directory. */
export function zipOf(entries: Array<[name: string, text: string]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fn = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fn.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fn.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fn, data);
    centrals.push(central, fn);
    offset += local.length + fn.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([latin(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function ebml(docType: string): Buffer {
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    latin(docType),
    Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
}

export const realFiles = {
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), latin('\x00\x10JFIF\x00\x01\x01')]),
  webp: latin('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00'),
  mp4: latin('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2'),
  mov: latin('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00'),
  webm: ebml('webm'),
  mkv: ebml('matroska'),
  pdf: latin('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  pptx: zipOf([
    [
      '[Content_Types].xml',
      contentTypes('application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'),
    ],
    ['ppt/presentation.xml', '<p:presentation/>'],
  ]),
  xlsx: zipOf([
    ['[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')],
    ['xl/workbook.xml', '<workbook/>'],
  ]),
  docx: zipOf([
    [
      '[Content_Types].xml',
      contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    ],
    ['word/document.xml', '<w:document/>'],
  ]),
  plainZip: zipOf([['notes.txt', 'hello']]),
  html: latin('<!doctype html><script>alert(1)</script>'),
  svg: latin('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  exe: Buffer.concat([latin('MZ'), Buffer.alloc(62), latin('PE\x00\x00')]),
  gif: latin('GIF89a\x01\x00\x01\x00\x80\x00\x00'),
};
