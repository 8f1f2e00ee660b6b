/**
 * Reads a PDF back with pdf.js (unpdf) in its own process and prints what the tagged-PDF checks need as JSON: the
 * mark info, document info (title, language), viewer preferences, the XMP metadata, and each page's structure tree
 * with the text of every marked-content leaf. pdf.js lists under an element on a page also its child elements whose
 * content is on other pages (with no content here): `content` tells them apart. A separate process because pdf.js is an ES module, which the unit
 * tests' CommonJS sandbox cannot import. Run: `node --import tsx pdf-inspect.ts < file.pdf`.
 */

export interface InspectedNode {
  role: string;
  alt?: string;
  lang?: string;
  /** The text of the marked content directly under this element. */
  text: string;
  /** How many marked-content sequences of this page are directly under this element. */
  content: number;
  children: InspectedNode[];
}
export interface Inspected {
  pages: number;
  markInfo: { Marked?: boolean } | null;
  info: Record<string, unknown>;
  viewerPreferences: Record<string, unknown> | null;
  xmp: string | null;
  /** Per page, the structure tree's root children (pdf.js keeps per page the elements with content on it). */
  trees: InspectedNode[][];
}

interface PdfJsNode {
  role?: string;
  alt?: string;
  lang?: string;
  type?: string;
  id?: string;
  children?: PdfJsNode[];
}

async function inspect(bytes: Uint8Array): Promise<Inspected> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes);
  const meta = await pdf.getMetadata();
  const trees: InspectedNode[][] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    // marked content id → its text
    const texts = new Map<string, string>();
    const open: string[] = [];
    const tc = await page.getTextContent({ includeMarkedContent: true } as Parameters<typeof page.getTextContent>[0]);
    for (const item of tc.items as Array<{ type?: string; id?: string; str?: string }>) {
      if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(item.id ?? '');
      else if (item.type === 'endMarkedContent') open.pop();
      else if (typeof item.str === 'string') {
        const id = open[open.length - 1];
        if (id) texts.set(id, (texts.get(id) ?? '') + item.str);
      }
    }
    const convert = (n: PdfJsNode): InspectedNode => {
      const kids = n.children ?? [];
      const text = kids
        .filter((k) => k.type === 'content')
        .map((k) => texts.get(k.id ?? '') ?? '')
        .join('');
      return {
        role: n.role ?? '',
        ...(n.alt !== undefined ? { alt: n.alt } : {}),
        ...(n.lang !== undefined ? { lang: n.lang } : {}),
        text,
        content: kids.filter((k) => k.type === 'content').length,
        children: kids.filter((k) => k.type !== 'content' && k.role !== undefined).map(convert),
      };
    };
    const tree = (await page.getStructTree()) as PdfJsNode | null;
    trees.push((tree?.children ?? []).map(convert));
  }
  const prefs = (pdf as unknown as { getViewerPreferences?: () => Promise<Record<string, unknown> | null> })
    .getViewerPreferences;
  return {
    pages: pdf.numPages,
    markInfo: (await pdf.getMarkInfo()) as { Marked?: boolean } | null,
    info: meta.info as Record<string, unknown>,
    viewerPreferences: prefs ? await prefs.call(pdf) : null,
    xmp: (meta.metadata as { getRaw?: () => string } | null)?.getRaw?.() ?? null,
    trees,
  };
}

if (require.main === module) {
  const chunks: Buffer[] = [];
  process.stdin.on('data', (c: Buffer) => chunks.push(c));
  process.stdin.on('end', () => {
    inspect(new Uint8Array(Buffer.concat(chunks))).then(
      (out) => process.stdout.write(JSON.stringify(out)),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
