import { CARD_HEIGHT, CARD_WIDTH, cardFont, cardSvg, initials, renderCard, setCardFont } from './og-card';

const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
const PNG_MAGIC = '89504e470d0a1a0a';

describe('the sharing card (og:image without a profile image)', () => {
  afterEach(() => setCardFont(undefined));

  it('is a 1200×630 PNG with the name and designation drawn in a system font, rendered once', () => {
    const a = renderCard('Jane Tan', 'Chartered Financial Planner');
    expect(a.png.subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);
    expect(size(a.png)).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(renderCard('Jane Tan', 'Chartered Financial Planner').png).toBe(a.png);
    expect(renderCard('Jane Tan', 'CFP').version).not.toBe(a.version);
  });

  it('escapes the text it puts in the SVG', () => {
    const svg = cardSvg('Tom <b>&"x"', `CFP'<script>`, true);
    expect(svg).toContain('Tom &lt;b&gt;&amp;&quot;x&quot;');
    expect(svg).toContain('CFP&#39;&lt;script&gt;');
    expect(svg).not.toContain('<script>');
  });

  it('draws the initials as strokes on a machine without any font file', () => {
    setCardFont(null);
    expect(cardFont()).toBeNull();
    const svg = cardSvg('Jane Tan', 'CFP', false);
    expect(svg).not.toContain('<text');
    expect(svg.match(/<path transform/g)).toHaveLength(2);
    const png = renderCard('Jane Tan', 'CFP').png;
    expect(png.subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);
    expect(size(png)).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    // initials outside A–Z: a person's outline instead
    expect(cardSvg('李 小龍', '', false)).toContain('<circle cx="230" cy="285" r="42"');
  });

  it('takes the first letters of the first two words as written, never guessing the family name', () => {
    expect(initials('  jane  mei ling tan ')).toBe('JM');
    expect(initials('Tan Wei Ming')).toBe('TW');
    expect(initials('Jane Tan')).toBe('JT');
    expect(initials('"JT"')).toBe('J');
    expect(initials('Ünal')).toBe('Ü');
  });
});
