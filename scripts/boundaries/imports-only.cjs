// A babel plugin for dependency-cruiser (scripts/boundaries/babel.config.cjs): it replaces a module's body with one
// bare `import 'x';` per module the file refers to, so that dependency-cruiser's JavaScript parser (acorn) reads
// TypeScript and TSX. Why not its own TypeScript parsing: that needs the TypeScript compiler's JavaScript API, which
// TypeScript 7 (this repo's) no longer ships; its swc parser cannot read TSX. Babel's parser reads both, and babel
// comes with jest. Type-only imports (`import type`, `import { type X }`, `import('x').T`) are kept on purpose: a
// boundary is crossed by a type as much as by a value.
'use strict';

/** @param {{ types: import('@babel/types') }} babel */
module.exports = function importsOnly({ types: t }) {
  return {
    name: 'kinfolio-imports-only',
    // TSX reads `<T>x` as an element, plain TypeScript as a type assertion: the parser's plugins follow the extension.
    manipulateOptions(opts, parserOpts) {
      const file = opts.filename ?? '';
      if (/\.[cm]?tsx?$/.test(file)) parserOpts.plugins.push('typescript');
      if (!/\.[cm]?ts$/.test(file)) parserOpts.plugins.push('jsx');
      parserOpts.plugins.push('decorators-legacy', 'importAttributes');
    },
    visitor: {
      Program(program) {
        /** @type {string[]} */
        const specifiers = [];
        const add = (node) => {
          if (node && t.isStringLiteral(node)) specifiers.push(node.value);
          else if (node && t.isTemplateLiteral(node) && node.expressions.length === 0) {
            specifiers.push(node.quasis.map((q) => q.value.cooked).join(''));
          }
        };
        program.traverse({
          ImportDeclaration: (p) => add(p.node.source),
          ExportNamedDeclaration: (p) => add(p.node.source),
          ExportAllDeclaration: (p) => add(p.node.source),
          TSImportType: (p) =>
            add(p.node.argument.type === 'TSLiteralType' ? p.node.argument.literal : p.node.argument),
          TSExternalModuleReference: (p) => add(p.node.expression),
          ImportExpression: (p) => add(p.node.source),
          CallExpression: (p) => {
            const { callee, arguments: args } = p.node;
            const dynamicImport = t.isImport(callee);
            const req =
              t.isIdentifier(callee, { name: 'require' }) ||
              (t.isMemberExpression(callee) &&
                t.isIdentifier(callee.object, { name: 'require' }) &&
                t.isIdentifier(callee.property, { name: 'resolve' }));
            // jest.mock('x') and its kin name a module as surely as an import does
            const jestModule =
              t.isMemberExpression(callee) &&
              t.isIdentifier(callee.object, { name: 'jest' }) &&
              t.isIdentifier(callee.property) &&
              ['mock', 'unstable_mockModule', 'requireActual', 'doMock'].includes(callee.property.name);
            if (dynamicImport || req || jestModule) add(args[0]);
          },
        });
        program.node.directives = [];
        program.node.body = [...new Set(specifiers)].map((s) => t.importDeclaration([], t.stringLiteral(s)));
      },
    },
  };
};
