import type { CallExpr, Expr, Span } from '../ast.js';
import { CompileError } from '../compile-error.js';
import { compileArithmetic, compileNegate } from './arithmetic.js';
import { compileComparison } from './compare.js';
import type { CompileContext, Evaluate, Site } from './context.js';
import { compilePath } from './path.js';

const EMPTY = Object.freeze({});

/** Compiles an expression to a function; parts made of literals only are computed once, here. */
export function compileExpr(expr: Expr, ctx: CompileContext): Evaluate {
  if (expr.kind !== 'literal' && isConstant(expr)) {
    const value = constantValue(expr, ctx);
    return () => value;
  }
  return compileNode(expr, ctx);
}

/** The value of an expression that reads no variable; an error in it (`1 / 0`) is a compile error. */
export function constantValue(expr: Expr, ctx: CompileContext): unknown {
  return compileNode(expr, { ...ctx, siteAt: (span) => foldingSite(span, ctx.source) })(EMPTY, null);
}

/** Whether an expression reads no variable, so its value is known at compile time. */
export function isConstant(expr: Expr): boolean {
  switch (expr.kind) {
    case 'literal':
      return true;
    case 'path':
      return false;
    case 'unary':
      return isConstant(expr.operand);
    case 'binary':
      return isConstant(expr.left) && isConstant(expr.right);
    case 'call':
      return false;
    case 'array':
      return expr.items.every(isConstant);
    case 'object':
      return expr.entries.every((e) => isConstant(e.value));
  }
}

function compileNode(expr: Expr, ctx: CompileContext): Evaluate {
  switch (expr.kind) {
    case 'literal': {
      const value = expr.value;
      return () => value;
    }
    case 'path':
      return compilePath(expr, ctx);
    case 'unary': {
      const operand = compileExpr(expr.operand, ctx);
      if (expr.operator === '-') return compileNegate(operand, ctx.siteAt(expr));
      const truthy = ctx.semantics.truthy;
      return (scope, frame) => !truthy(operand(scope, frame));
    }
    case 'binary': {
      const left = compileExpr(expr.left, ctx);
      const right = compileExpr(expr.right, ctx);
      const truthy = ctx.semantics.truthy;
      switch (expr.operator) {
        case '&&':
          return (scope, frame) => truthy(left(scope, frame)) && truthy(right(scope, frame));
        case '||':
          return (scope, frame) => truthy(left(scope, frame)) || truthy(right(scope, frame));
        case '+':
        case '-':
        case '*':
        case '/':
        case '%':
          return compileArithmetic(expr.operator, left, right, ctx.semantics.format, ctx.siteAt(expr));
        default:
          return compileComparison(expr.operator, left, right);
      }
    }
    case 'call':
      return compileCall(expr, ctx);
    case 'array': {
      const items = expr.items.map((item) => compileExpr(item, ctx));
      return (scope, frame) => items.map((item) => item(scope, frame));
    }
    case 'object': {
      const keys = expr.entries.map((e) => e.key);
      const values = expr.entries.map((e) => compileExpr(e.value, ctx));
      return (scope, frame) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) out[keys[i]] = values[i](scope, frame);
        return out;
      };
    }
  }
}

function compileCall(expr: CallExpr, ctx: CompileContext): Evaluate {
  const fn = ctx.semantics.functions?.[expr.name];
  if (!fn || !Object.hasOwn(ctx.semantics.functions!, expr.name)) {
    const known = Object.keys(ctx.semantics.functions ?? {}).sort();
    throw new CompileError(
      `unknown function "${expr.name}"${known.length ? `; known: ${known.join(', ')}` : ''}`,
      expr.start,
      expr.end - expr.start,
    );
  }
  const [min, max] = fn.arity;
  if (expr.args.length < min || expr.args.length > max)
    throw new CompileError(
      `${expr.name} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}, got ${expr.args.length}`,
      expr.start,
      expr.end - expr.start,
    );
  const lenient = fn.lenientArgs ?? 0;
  const tolerant = lenient ? { ...ctx, semantics: { ...ctx.semantics, missing: () => undefined } } : ctx;
  const args = expr.args.map((a, i) => compileExpr(a, i < lenient ? tolerant : ctx));
  const site = ctx.siteAt(expr);
  return (scope, frame) =>
    fn.call(
      args.map((a) => a(scope, frame)),
      site,
    );
}

/** Turns an error in a constant expression into a compile error at the operation that failed. */
function foldingSite(span: Span, source: string): Site {
  return {
    fail(message) {
      throw new CompileError(
        `${message} in ${source.slice(span.start, span.end)}`,
        span.start,
        span.end - span.start,
      );
    },
  };
}
