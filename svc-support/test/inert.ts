import { JSDOM } from 'jsdom';

const ALLOWED_TAGS = new Set(
  'p br hr b strong i em u s strike sub sup small mark span div h1 h2 h3 h4 h5 h6 blockquote code pre ul ol li a img table thead tbody tr th td caption'.split(
    ' ',
  ),
);

/**
 * Parses HTML as a browser would and lists anything that could run script: a tag outside the allow-list, an event
 * handler or style attribute, a link with an unsafe scheme, an image not on https.
 */
export function dangers(html: string): string[] {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const found: string[] = [];
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`tag <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith('on')) found.push(`handler ${name}`);
      if (name === 'style') found.push('style attribute');
      if (name === 'href' && !/^(https?:|mailto:|tel:)/.test(value)) found.push(`href ${value}`);
      if (name === 'src' && !value.startsWith('https:')) found.push(`src ${value}`);
      if (!['href', 'src', 'title', 'alt', 'target', 'rel', 'width', 'height', 'colspan', 'rowspan'].includes(name))
        found.push(`attribute ${name}`);
    }
  }
  return found;
}
