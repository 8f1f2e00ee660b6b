import sanitizeHtml from 'sanitize-html';

/**
 * Admin-written HTML (FAQ answers, walkthrough descriptions) is sanitised on save and again on output: basic
 * formatting, links with safe schemes, https images only. Scripts, event handlers, styles and javascript: URLs go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'mark',
    'span',
    'div',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.href !== undefined && !/^(https?:\/\/|mailto:|tel:)/i.test(out.href.trim())) delete out.href;
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    /** Images from https only: a relative or odd src (backticks, entities) is dropped, not guessed at. */
    img: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.src !== undefined && !/^https:\/\/[^\s"'`<>]+$/i.test(out.src.trim())) delete out.src;
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The text of some HTML (no tags), lowercased and with whitespace collapsed: what keyword search scans. */
export function searchableText(...htmls: string[]): string {
  return htmls
    .map((h) => sanitizeHtml(h, { allowedTags: [], allowedAttributes: {} }))
    .join(' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
