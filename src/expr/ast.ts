/**
 * The one expression and template tree that every surface syntax parses into (Aegis `{{ }}` and
 * `when` today). Offsets (`start`, `end`) are positions in the source string the parser was given.
 */

/** A part of the source: `[start, end)`. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export type Expr = LiteralExpr | PathExpr | UnaryExpr | BinaryExpr | CallExpr;

/** A number, string, boolean or null written in the source. */
export interface LiteralExpr extends Span {
  readonly kind: 'literal';
  readonly value: string | number | boolean | null;
}

/** A variable and the steps into it: `a`, `a.b`, `a[0]`, `a[#i].b`, `_` (the current loop element). */
export interface PathExpr extends Span {
  readonly kind: 'path';
  readonly root: string;
  readonly segments: readonly Segment[];
}

export type Segment = FieldSegment | IndexSegment | VariableIndexSegment;

/** `.name`: a field of an object. */
export interface FieldSegment {
  readonly kind: 'field';
  readonly name: string;
}

/** `[2]` or `.2`: an array element (or the object field named "2"). */
export interface IndexSegment {
  readonly kind: 'index';
  readonly index: number;
}

/** `[#i]`: an array element whose index is the value of another path. */
export interface VariableIndexSegment {
  readonly kind: 'variable-index';
  readonly index: PathExpr;
}

/**
 * A call of a function the syntax provides: `upper(name)` in Inja, and every filter or pipe
 * (`x | join: ", "` is `join(x, ", ")`).
 */
export interface CallExpr extends Span {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly Expr[];
}

export type UnaryOperator = '-' | '!';

export interface UnaryExpr extends Span {
  readonly kind: 'unary';
  readonly operator: UnaryOperator;
  readonly operand: Expr;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/';
export type ComparisonOperator = '==' | '!=' | '<' | '>' | '<=' | '>=';
export type LogicalOperator = '&&' | '||';
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator;

export interface BinaryExpr extends Span {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: Expr;
  readonly right: Expr;
}

export type TemplateNode = TextNode | OutputNode | ForNode;

/** Text copied to the output as is. */
export interface TextNode {
  readonly kind: 'text';
  readonly text: string;
}

/** An interpolation; the span covers the whole tag, braces included. */
export interface OutputNode extends Span {
  readonly kind: 'output';
  readonly expr: Expr;
}

/** A loop over an array; the span covers the opening tag. */
export interface ForNode extends Span {
  readonly kind: 'for';
  readonly over: PathExpr;
  readonly body: readonly TemplateNode[];
}
