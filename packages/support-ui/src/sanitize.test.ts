/** @jest-environment jsdom */
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('drops scripts, handlers, styles and forms, keeps ordinary markup', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script></p><style>p{}</style><form><input></form>',
    );
    expect(out).toBe('<p>Hi <b>there</b></p>');
  });

  it('opens links in a new tab without an opener, and removes javascript: links', () => {
    const out = sanitizeHtml('<a href="https://kinfolio.example/help">Help</a><a href="javascript:alert(1)">Bad</a>');
    expect(out).toBe(
      '<a href="https://kinfolio.example/help" target="_blank" rel="noopener noreferrer">Help</a><a>Bad</a>',
    );
  });
});
