import DOMPurify from 'dompurify';

/**
 * Admin-written HTML (FAQ answers, walkthrough descriptions) is sanitised by svc-support on save and again here
 * before display. Links open in a new tab without an opener.
 */
let hooked = false;
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}
