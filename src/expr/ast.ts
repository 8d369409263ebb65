/**
 * The one expression and template tree that every surface syntax parses into (Aegis `{{ }}` and
 * `when`, Inja). Offsets (`start`, `end`) are positions in the source string the parser was given.
 */

/** A part of the source: `[start, end)`. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export type Expr = LiteralExpr | PathExpr | UnaryExpr | BinaryExpr | CallExpr | ArrayExpr | ObjectExpr;

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

/** `[a, 1, "x"]`: an array built from expressions. */
export interface ArrayExpr extends Span {
  readonly kind: 'array';
  readonly items: readonly Expr[];
}

/** `{"a": x, "b": 1}`: an object built from expressions. */
export interface ObjectExpr extends Span {
  readonly kind: 'object';
  readonly entries: readonly { readonly key: string; readonly value: Expr }[];
}

export type UnaryOperator = '-' | '!';

export interface UnaryExpr extends Span {
  readonly kind: 'unary';
  readonly operator: UnaryOperator;
  readonly operand: Expr;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
/** The six comparisons, and `in` (membership in an array, a string or an object's keys). */
export type ComparisonOperator = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'in';
export type LogicalOperator = '&&' | '||';
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator;

export interface BinaryExpr extends Span {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: Expr;
  readonly right: Expr;
}

export type TemplateNode = TextNode | OutputNode | ForNode | ForInNode | IfNode;

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

/**
 * A loop that names its element (`{% for x in items %}`, or `{% for key, value in object %}`), with the
 * loop variables `loop.index` (0-based), `loop.index1`, `loop.is_first`, `loop.is_last` and
 * `loop.parent`; the span covers the opening tag.
 */
export interface ForInNode extends Span {
  readonly kind: 'for-in';
  readonly over: Expr;
  readonly value: string;
  readonly key?: string;
  readonly body: readonly TemplateNode[];
}

/** One `if` or `else if` test and the text it guards; the span covers its tag. */
export interface IfBranch extends Span {
  readonly test: Expr;
  readonly body: readonly TemplateNode[];
}

/** `{% if %}…{% else if %}…{% else %}…{% endif %}`: the first branch whose test is true renders, else `otherwise`. */
export interface IfNode {
  readonly kind: 'if';
  readonly branches: readonly IfBranch[];
  readonly otherwise: readonly TemplateNode[];
}
