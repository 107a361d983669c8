/**
 * The mutant generator behind `deno task mutants --generate`: operator mutations found in the
 * TypeScript syntax tree of a source file (npm:typescript's parser, never regexes over source), so
 * the sites follow the code wherever it moves. Each mutant is one edit of one file:
 *
 * - `boundary`: `<` ↔ `<=`, `>` ↔ `>=` (the off-by-one at a limit);
 * - `equality`: `===` ↔ `!==`, `==` ↔ `!=`;
 * - `logic`: `&&` ↔ `||`;
 * - `not`: a dropped `!`;
 * - `number`: an integer constant plus or minus one;
 * - `index`: an index `a[i]` read as `a[i + 1]` or `a[i - 1]`;
 * - `guard`: an `if` without `else` whose branch returns, throws, breaks or continues, removed;
 * - `exit`: an early `return` or a `throw` removed (not the sole statement of a guard: that is `guard`);
 * - `anchor`: a regular expression's `^` or `$` removed;
 * - `members`: a list or set of two or more literal values emptied, or one member dropped.
 *
 * A mutant's id hashes its file, its enclosing declaration, the operator and the edited text (not its
 * line), so an equivalent mutant written down in scripts/mutants_equivalent.ts keeps its id when the
 * code around it moves. Two edits that give the same program (whitespace aside) are one mutant.
 */
import ts from "typescript";

export type Operator =
  | "boundary"
  | "equality"
  | "logic"
  | "not"
  | "number"
  | "index"
  | "guard"
  | "exit"
  | "anchor"
  | "members";

/** One generated breakage: replace `[start, end)` of the file with `replacement`. */
export interface Generated {
  /** `g-` and 10 hex digits, stable while the edited text and its declaration stay the same. */
  id: string;
  file: string;
  operator: Operator;
  /** 1-based line of the edit, for the report only. */
  line: number;
  /** The innermost named declaration around the edit (`readZip`, `Store.get`, `(top)`). */
  scope: string;
  start: number;
  end: number;
  original: string;
  replacement: string;
}

/** What a mutant does, in one line: `readZip: entries.length > max → entries.length >= max`. */
export function describe(m: Generated): string {
  return `${m.scope}: ${short(m.original)} → ${short(m.replacement) || "(removed)"}`;
}

/** The file's text with the mutant applied. */
export function apply(text: string, m: Generated): string {
  return text.slice(0, m.start) + m.replacement + text.slice(m.end);
}

/** Whitespace-insensitive form of a program, to tell two mutants that make the same program. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, " ").replace(/ ?([(){}\[\];,]) ?/g, "$1");
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const short = (text: string) => {
  const one = squash(text);
  return one.length > 90 ? `${one.slice(0, 87)}...` : one;
};

/** Two 32-bit FNV-1a lanes as 10 hex digits: enough to tell many thousand mutants apart, short to read. */
export function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return ((a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0")).slice(0, 10);
}

const BOUNDARY: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.LessThanToken]: "<=",
  [ts.SyntaxKind.LessThanEqualsToken]: "<",
  [ts.SyntaxKind.GreaterThanToken]: ">=",
  [ts.SyntaxKind.GreaterThanEqualsToken]: ">",
};
const EQUALITY: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: "!==",
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: "===",
  [ts.SyntaxKind.EqualsEqualsToken]: "!=",
  [ts.SyntaxKind.ExclamationEqualsToken]: "==",
};
const LOGIC: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.AmpersandAmpersandToken]: "||",
  [ts.SyntaxKind.BarBarToken]: "&&",
};

/** Index expressions that read like positions (`i`, `end`, `n - 1`, `x.length`), not keys. */
const POSITION_NAME =
  /^(i|j|k|n|at|pos|idx|index|start|end|first|last|\w*(Index|At|Pos|Start|End|Length|Count))$/;

function isPosition(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return POSITION_NAME.test(node.text);
  if (ts.isPropertyAccessExpression(node)) return node.name.text === "length";
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    return op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.MinusToken;
  }
  return false;
}

function isLiteralValue(node: ts.Expression): boolean {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node) ||
    (ts.isPrefixUnaryExpression(node) && ts.isNumericLiteral(node.operand));
}

/**
 * A number in a list of literals (a table of code points, a list of ports): `members` drops each
 * one; moving each by one too would multiply the table's mutants for no new kind of breakage.
 */
function inDataTable(node: ts.NumericLiteral): boolean {
  const element = ts.isPrefixUnaryExpression(node.parent) ? node.parent : node;
  const list = element.parent;
  return ts.isArrayLiteralExpression(list) && list.elements.length >= 2 &&
    list.elements.every((e) => isLiteralValue(e));
}

/** Statements that leave the enclosing block: what makes an `if` a guard. */
function exits(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBreakStatement(statement) || ts.isContinueStatement(statement)) return true;
  if (ts.isBlock(statement)) return statement.statements.some(exits);
  return false;
}

function soleStatementOfIf(statement: ts.Statement): boolean {
  const parent = statement.parent;
  if (ts.isIfStatement(parent) && parent.thenStatement === statement) return true;
  return ts.isBlock(parent) && parent.statements.length === 1 && ts.isIfStatement(parent.parent) &&
    parent.parent.thenStatement === parent && parent.parent.elseStatement === undefined;
}

/** A `return` with statements after it in its function, or inside a branch or loop. */
function isEarlyReturn(statement: ts.ReturnStatement): boolean {
  const parent = statement.parent;
  if (!ts.isBlock(parent)) return true; // `if (x) return y;` and the like
  if (parent.statements.at(-1) !== statement) return true;
  return !ts.isFunctionLike(parent.parent); // the last statement of a nested block
}

function scopeName(node: ts.Node): string {
  const names: string[] = [];
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    const named = at as { name?: ts.Node };
    if (
      (ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at) || ts.isClassDeclaration(at) ||
        ts.isVariableDeclaration(at) || ts.isPropertyAssignment(at) || ts.isPropertyDeclaration(at) ||
        ts.isGetAccessor(at) || ts.isSetAccessor(at)) && named.name && ts.isIdentifier(named.name)
    ) {
      names.unshift(named.name.text);
      if (ts.isFunctionDeclaration(at) || ts.isClassDeclaration(at)) break;
    }
  }
  return names.length ? names.slice(-2).join(".") : "(top)";
}

interface Site {
  operator: Operator;
  node: ts.Node;
  start: number;
  end: number;
  replacement: string;
}

function sitesOf(source: ts.SourceFile): Site[] {
  const sites: Site[] = [];
  const add = (operator: Operator, node: ts.Node, start: number, end: number, replacement: string) =>
    sites.push({ operator, node, start, end, replacement });
  const whole = (operator: Operator, node: ts.Node, replacement: string) =>
    add(operator, node, node.getStart(source), node.getEnd(), replacement);
  const text = (node: ts.Node) => node.getText(source);

  const visit = (node: ts.Node): void => {
    // Types, imports and declarations without code do not run: nothing to break there.
    if (
      ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ||
      ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ||
      ts.isEnumDeclaration(node) || ts.isModuleDeclaration(node)
    ) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      // Log and note lines only describe: breaking them breaks nothing the user relies on.
      const callee = text(node.expression);
      if (/^(console\.\w+|log\.\w+)$/.test(callee)) return;
    }

    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken;
      const flip = BOUNDARY[op.kind] ?? EQUALITY[op.kind] ?? LOGIC[op.kind];
      const operator: Operator = BOUNDARY[op.kind] ? "boundary" : EQUALITY[op.kind] ? "equality" : "logic";
      if (flip) add(operator, node, op.getStart(source), op.getEnd(), flip);
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      whole("not", node, text(node.operand));
    } else if (ts.isNumericLiteral(node) && !inDataTable(node)) {
      const value = Number(node.text);
      if (
        Number.isSafeInteger(value) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)
      ) {
        const negative = ts.isPrefixUnaryExpression(node.parent) &&
          node.parent.operator === ts.SyntaxKind.MinusToken;
        const target = negative ? node.parent : node;
        const signed = negative ? -value : value;
        for (const next of [signed + 1, signed - 1]) {
          whole("number", target, next < 0 && !negative ? `(${next})` : String(next));
        }
      }
    } else if (ts.isElementAccessExpression(node) && isPosition(node.argumentExpression)) {
      const index = text(node.argumentExpression);
      for (const step of ["+ 1", "- 1"]) {
        whole("index", node.argumentExpression, `${index} ${step}`);
      }
    } else if (ts.isIfStatement(node) && node.elseStatement === undefined && exits(node.thenStatement)) {
      whole("guard", node, ";");
    } else if (ts.isThrowStatement(node) && !soleStatementOfIf(node)) {
      whole("exit", node, ";");
    } else if (ts.isReturnStatement(node) && isEarlyReturn(node) && !soleStatementOfIf(node)) {
      whole("exit", node, ";");
    } else if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const close = literal.lastIndexOf("/");
      const pattern = literal.slice(1, close);
      const flags = literal.slice(close);
      if (pattern.startsWith("^")) whole("anchor", node, `/${pattern.slice(1)}${flags}`);
      if (pattern.endsWith("$") && !pattern.endsWith("\\$")) {
        whole("anchor", node, `/${pattern.slice(0, -1)}${flags}`);
      }
    } else if (ts.isArrayLiteralExpression(node) && node.elements.length >= 2) {
      if (node.elements.every((e) => isLiteralValue(e))) {
        whole("members", node, "[]");
        for (const [i, element] of node.elements.entries()) {
          const kept = node.elements.filter((_, j) => j !== i).map(text);
          add("members", element, node.getStart(source), node.getEnd(), `[${kept.join(", ")}]`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** Every mutant of one file, in source order, duplicates (the same program) removed. */
export function generate(file: string, text: string, known: ReadonlySet<string> = new Set()): Generated[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const seen = new Set<string>(known);
  const counts = new Map<string, number>();
  const mutants: Generated[] = [];
  for (const site of sitesOf(source)) {
    const original = text.slice(site.start, site.end);
    if (original === site.replacement) continue;
    const candidate = {
      file,
      operator: site.operator,
      start: site.start,
      end: site.end,
      original,
      replacement: site.replacement,
    };
    const program = hash(normalise(apply(text, candidate as Generated)));
    if (seen.has(program)) continue;
    seen.add(program);
    const scope = scopeName(site.node);
    const key = [file, scope, site.operator, squash(original), squash(site.replacement)].join("\n");
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    mutants.push({
      ...candidate,
      id: `g-${hash(`${key}\n${n}`)}`,
      line: source.getLineAndCharacterOfPosition(site.start).line + 1,
      scope,
    });
  }
  return mutants;
}

/** The program hash `generate` dedupes on, for a file edited some other way (a curated mutant). */
export function programHash(text: string): string {
  return hash(normalise(text));
}

/**
 * A seeded order: each item ranks by the hash of the seed and its key (a mutant's id, a module's
 * path), so the same seed picks the same mutants, and adding or removing one mutant moves no other.
 */
export function seededOrder<T>(items: readonly T[], key: (item: T) => string, seed: number): T[] {
  const ranked = items.map((item) => ({ item, rank: hash(`${seed}\n${key(item)}`) }));
  return ranked.sort((a, b) => a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0).map((r) => r.item);
}
