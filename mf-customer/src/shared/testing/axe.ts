import axe from 'axe-core';

/**
 * Tests only: the serious and critical axe problems of what is rendered (WCAG 2.1 A/AA and best practice), as
 * "rule: targets". jsdom draws nothing, so colours and target sizes are left to the browser journeys, and canvas
 * (which axe asks for to read icons' colours) is said to be missing instead of logging an error.
 */
export async function seriousAxeProblems(root: Element = document.body): Promise<string[]> {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
