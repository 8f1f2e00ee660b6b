// react-router 7 reads TextEncoder/TextDecoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// Screens' tests wait for what a request brings (findBy*, waitFor). testing-library's default of 1 s is shorter
// than a jsdom render takes on a loaded 2-core machine while other workers run (seen: a screen still loading after
// 1 s in the full unit run): wait up to 5 s, which costs nothing when the screen is there sooner.
if (typeof window !== 'undefined') require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });

// Dates show in the browser's locale (ui-kit dates.ts); jsdom says en-US. Screens' tests read them as a browser in
// Singapore, the product's default locale, would show them.
if (typeof navigator !== 'undefined') {
  Object.defineProperty(navigator, 'language', { value: 'en-SG', configurable: true });
  Object.defineProperty(navigator, 'languages', { value: ['en-SG'], configurable: true });
}
