import { dangers } from '../../test/inert';
import { XSS_CORPUS } from '../../test/xss-corpus';
import { sanitizeRichHtml, searchableText } from './html';

describe('sanitizeRichHtml', () => {
  it.each(XSS_CORPUS.map((p, i) => [i, p] as const))('renders payload #%i inert', (_i, payload) => {
    const clean = sanitizeRichHtml(payload);
    expect(dangers(clean)).toEqual([]);
    expect(clean.toLowerCase()).not.toMatch(
      /<script|javascript:|vbscript:|onerror|onload|<iframe|<object|<embed|<svg|<style|<meta|<base|<form/,
    );
  });

  it('is stable: sanitising sanitised output changes nothing (output is sanitised again on display)', () => {
    for (const payload of XSS_CORPUS) {
      const once = sanitizeRichHtml(payload);
      expect(sanitizeRichHtml(once)).toBe(once);
    }
  });

  it('keeps the formatting admins write: paragraphs, emphasis, lists, headings, tables, code', () => {
    const html =
      '<h2>Title</h2><p>Some <b>bold</b>, <strong>strong</strong>, <i>it</i>, <em>em</em>, <u>u</u> and <s>s</s> text<br />next</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x = 1</code></pre>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('keeps safe links and https images, adds rel=noopener to new-window links, and drops unsafe ones', () => {
    expect(sanitizeRichHtml('<a href="https://kinfolio.app/help" target="_blank">help</a>')).toBe(
      '<a href="https://kinfolio.app/help" target="_blank" rel="noopener noreferrer">help</a>',
    );
    expect(sanitizeRichHtml('<a href="mailto:help@kinfolio.app">mail</a> <a href="tel:+6561234567">call</a>')).toBe(
      '<a href="mailto:help@kinfolio.app">mail</a> <a href="tel:+6561234567">call</a>',
    );
    expect(sanitizeRichHtml('<a href="https://x.example" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
    expect(sanitizeRichHtml('<a href="/relative">r</a>')).toBe('<a>r</a>');
    expect(sanitizeRichHtml('<img src="https://cdn.kinfolio.app/a.png" alt="a" width="10" />')).toBe(
      '<img src="https://cdn.kinfolio.app/a.png" alt="a" width="10" />',
    );
    expect(sanitizeRichHtml('<img src="http://cdn.kinfolio.app/a.png" alt="a" />')).toBe('<img alt="a" />');
  });

  it('drops style and class attributes and unknown tags but keeps their text', () => {
    expect(sanitizeRichHtml('<p style="color:red" class="x" id="y">hi</p><custom-tag>text</custom-tag>')).toBe(
      '<p>hi</p>text',
    );
  });
});

describe('searchableText', () => {
  it('is the lowercased, tag-free text with entities decoded and whitespace collapsed', () => {
    expect(searchableText('<p>How do I <b>ADD</b>\n  a customer?</p>', 'Tom &amp; Jerry&nbsp;&lt;3')).toBe(
      'how do i add a customer? tom & jerry <3',
    );
  });
});
