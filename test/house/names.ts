/**
 * Where the source names a pane or a dialog: the string literals of every file under src/ (the
 * TypeScript scanner's, so comments and prose in comments do not count), and the files that
 * import a pane's or a dialog's module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const SRC = join(import.meta.dirname, '..', '..', 'src');

export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface Parsed {
  /** The path from src/, with forward slashes ("app/panes/volumes.ts"). */
  file: string;
  /** Every string literal's text and every template literal's text parts. */
  strings: string[];
  /** Every module specifier it imports or re-exports from, `import type`, `import()` and `import('…').T` included. */
  imports: string[];
  /** The strings given as a `type` (`{ type: 'stop' }`, `x.type === 'stop'`, `dialogOf('stop')`): how a dialog is named. */
  types: string[];
}

export function parse(path: string): Parsed {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const strings: string[] = [];
  const imports: string[] = [];
  const types: string[] = [];
  const literal = (node: ts.Node | undefined): string | undefined => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
  const isTypeAccess = (node: ts.Node): boolean => ts.isPropertyAccessExpression(node) && node.name.text === 'type';
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) imports.push(specifier.text);
      return;
    }
    // `typeof import('./x.ts')` and `import('./x.ts').T`: a type from a module is an import too.
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      imports.push(node.argument.literal.text);
      return;
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'type') {
      const value = literal(node.initializer);
      if (value !== undefined) types.push(value);
    }
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)) {
      const value = isTypeAccess(node.left) ? literal(node.right) : isTypeAccess(node.right) ? literal(node.left) : undefined;
      if (value !== undefined) types.push(value);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'dialogOf') {
      const value = literal(node.arguments[0]);
      if (value !== undefined) types.push(value);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    else if (ts.isTemplateExpression(node)) strings.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file: relative(SRC, path).split('\\').join('/'), strings, imports, types };
}
