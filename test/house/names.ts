/**
 * Where the source names a pane, a view or a dialog: the string literals of every file under src/
 * (the TypeScript parser's, so comments and prose in comments do not count), the names it uses
 * as object keys, the strings it gives as a `type` or a `kind`, and the modules it imports.
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
  /**
   * The strings given as a `kind` (`{ kind: 'logs' }`, `kind: 'logs'` in a type, `x.kind === 'logs'`,
   * `case 'logs':` in a `switch (x.kind)`): how a view (an overlay's kind) is named.
   */
  kinds: string[];
  /**
   * The names written as keys of object literals (`{ volumes: […] }`, `{ volumes }`,
   * `{ volumes() {…} }`): a table keyed by pane or view names them as surely as a string does.
   * Quoted keys are in `strings` already.
   */
  keys: string[];
}

export function parse(path: string): Parsed {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const strings: string[] = [];
  const imports: string[] = [];
  const types: string[] = [];
  const kinds: string[] = [];
  const keys: string[] = [];
  const literal = (node: ts.Node | undefined): string | undefined => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
  const isAccessTo = (field: string) => (node: ts.Node): boolean => ts.isPropertyAccessExpression(node) && node.name.text === field;
  const isTypeAccess = isAccessTo('type');
  const isKindAccess = isAccessTo('kind');
  const isKindName = (name: ts.Node): boolean => (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'kind';
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
    if (ts.isPropertyAssignment(node) && isKindName(node.name)) {
      const value = literal(node.initializer);
      if (value !== undefined) kinds.push(value);
    }
    if (ts.isPropertySignature(node) && isKindName(node.name) && node.type) {
      // `kind: 'logs'` and `kind: 'logs' | 'inspect'` in an interface or a type literal.
      const members = ts.isUnionTypeNode(node.type) ? node.type.types : [node.type];
      for (const member of members) if (ts.isLiteralTypeNode(member)) kinds.push(...[literal(member.literal)].filter((v) => v !== undefined));
    }
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)) {
      const value = isKindAccess(node.left) ? literal(node.right) : isKindAccess(node.right) ? literal(node.left) : undefined;
      if (value !== undefined) kinds.push(value);
    }
    if (ts.isCaseClause(node) && isKindAccess(node.parent.parent.expression)) {
      const value = literal(node.expression);
      if (value !== undefined) kinds.push(value);
    }
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isMethodDeclaration(node) || ts.isAccessor(node)) && ts.isObjectLiteralExpression(node.parent) && ts.isIdentifier(node.name)) {
      keys.push(node.name.text);
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
  return { file: relative(SRC, path).split('\\').join('/'), strings, imports, types, kinds, keys };
}

/**
 * The views: the kinds of the overlays (app/types.ts `Overlay`, a union of interfaces each with its
 * own `kind: '…'`) but a dialog's, which is its own module's business. Read from the source, so a
 * new view is checked without anyone listing it here.
 */
export function viewIds(types = join(SRC, 'app', 'types.ts')): string[] {
  const source = ts.createSourceFile(types, readFileSync(types, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map(source.statements.filter(ts.isInterfaceDeclaration).map((i) => [i.name.text, i]));
  const overlay = source.statements.filter(ts.isTypeAliasDeclaration).find((t) => t.name.text === 'Overlay');
  if (!overlay || !ts.isUnionTypeNode(overlay.type)) throw new Error(`${types}: no \`type Overlay = A | B | …\``);
  return overlay.type.types.flatMap((member) => {
    const declaration = ts.isTypeReferenceNode(member) && ts.isIdentifier(member.typeName) ? interfaces.get(member.typeName.text) : undefined;
    const kind = declaration?.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === 'kind');
    const literal = kind?.type && ts.isLiteralTypeNode(kind.type) && ts.isStringLiteral(kind.type.literal) ? kind.type.literal.text : undefined;
    if (literal === undefined) throw new Error(`${types}: Overlay's member ${member.getText(source)} has no \`kind: '…'\` of its own`);
    return literal === 'dialog' ? [] : [literal];
  });
}
