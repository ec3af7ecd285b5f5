import jsep from "jsep";
import { badRequest } from "../../lib/errors";

/**
 * Adaptive content conditions: the expressions set on site spaces and sections (`condition`) that decide which
 * visitors see them. They are parsed by `jsep` (a parser: nothing is ever evaluated as JavaScript) and held to a
 * small language:
 * - claims: member access rooted at `visitor.claims` (`visitor.claims.plan`, `visitor.claims.unsigned.beta`,
 *   `visitor.claims["x-y"]`, optional chaining allowed);
 * - literals (string, number, boolean, null) and arrays of them; `-` only before a number;
 * - `!`, `&&`, `||`, `==`, `!=`, `===`, `!==`, `<`, `<=`, `>`, `>=`, parentheses;
 * - `.includes(x)` on a claim or an array literal.
 * Evaluation: equality is strict (`==` is `===`, no coercion; `!=` its negation), ordering compares two numbers
 * or two strings (anything else is false), a missing claim is `undefined` (so it equals nothing, and `!=`
 * anything), `x.includes(y)` is membership in an array or a substring of a string (otherwise false), and the
 * result is the value's truthiness.
 */

export type ConditionNode = jsep.Expression;

/** The part of an adaptive schema a condition is checked against: claims by name, objects with properties. */
export interface ClaimsSchemaNode {
  type: string;
  properties?: Record<string, ClaimsSchemaNode>;
}

const COMPARISONS = new Set(["==", "!=", "===", "!==", "<", "<=", ">", ">="]);
const LOGICAL = new Set(["&&", "||"]);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const MAX_DEPTH = 64;

/** How a claim is written in a condition: `visitor.claims.a.b`, with `["x-y"]` for names that are not identifiers. */
export function claimPath(segments: readonly string[]) {
  return `visitor.claims${segments.map((s) => (IDENTIFIER.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("")}`;
}

/** A claim reference found in a condition; `includes` when `.includes()` is called on it. */
interface ClaimReference {
  segments: string[];
  includes: boolean;
}

class ConditionProblem extends Error {}

/** The name of a member expression's property: an identifier, or a string literal in brackets. */
function propertyName(node: jsep.MemberExpression): string {
  const property = node.property;
  if (!node.computed && property.type === "Identifier") return (property as jsep.Identifier).name;
  if (node.computed && property.type === "Literal" && typeof (property as jsep.Literal).value === "string") {
    return (property as jsep.Literal).value as string;
  }
  throw new ConditionProblem('a computed member access must use a string literal (visitor.claims["name"])');
}

/** The claim segments of `visitor.claims.…` (empty for `visitor.claims` itself), or a problem. */
function claimSegments(node: jsep.Expression): string[] {
  const names: string[] = [];
  let current = node;
  while (current.type === "MemberExpression") {
    names.unshift(propertyName(current as jsep.MemberExpression));
    current = (current as jsep.MemberExpression).object;
  }
  const root = current.type === "Identifier" ? (current as jsep.Identifier).name : undefined;
  if (root === undefined) throw new ConditionProblem(`${describe(current)} is not allowed`);
  if (root !== "visitor" || names[0] !== "claims") {
    const written = [root, ...names].join(".");
    throw new ConditionProblem(`${written} is not allowed: claims are read as visitor.claims.<name>`);
  }
  if (names.length === 1) throw new ConditionProblem("visitor.claims must be followed by a claim name");
  return names.slice(1);
}

function describe(node: jsep.Expression): string {
  switch (node.type) {
    case "ThisExpression":
      return "this";
    case "Compound":
    case "SequenceExpression":
      return "a sequence of expressions";
    case "ConditionalExpression":
      return "the conditional operator (?:)";
    default:
      return `an expression of type ${node.type}`;
  }
}

/** Checks a node against the language and collects the claims it reads. */
function walk(node: jsep.Expression, claims: ClaimReference[], depth: number): void {
  if (depth > MAX_DEPTH) throw new ConditionProblem(`nested more than ${MAX_DEPTH} levels deep`);
  switch (node.type) {
    case "Literal": {
      const value = (node as jsep.Literal).value;
      if (value !== null && !["string", "number", "boolean"].includes(typeof value)) {
        throw new ConditionProblem(`the literal ${(node as jsep.Literal).raw} is not allowed`);
      }
      return;
    }
    case "Identifier":
      throw new ConditionProblem(
        `unknown identifier ${(node as jsep.Identifier).name}: claims are read as visitor.claims.<name>`,
      );
    case "MemberExpression":
      claims.push({ segments: claimSegments(node), includes: false });
      return;
    case "ArrayExpression":
      for (const element of (node as jsep.ArrayExpression).elements) {
        if (element?.type !== "Literal") {
          throw new ConditionProblem("array elements must be literals (strings, numbers, booleans or null)");
        }
        walk(element, claims, depth + 1);
      }
      return;
    case "UnaryExpression": {
      const { operator, argument } = node as jsep.UnaryExpression;
      if (operator === "-" && argument.type === "Literal" && typeof (argument as jsep.Literal).value === "number") {
        return;
      }
      if (operator !== "!") throw new ConditionProblem(`the operator ${operator} is not allowed`);
      walk(argument, claims, depth + 1);
      return;
    }
    case "BinaryExpression": {
      const { operator, left, right } = node as jsep.BinaryExpression;
      if (!COMPARISONS.has(operator) && !LOGICAL.has(operator)) {
        throw new ConditionProblem(`the operator ${operator} is not allowed`);
      }
      walk(left, claims, depth + 1);
      walk(right, claims, depth + 1);
      return;
    }
    case "CallExpression": {
      const { callee, arguments: args } = node as jsep.CallExpression;
      const member = callee as jsep.MemberExpression;
      if (callee.type !== "MemberExpression" || member.computed || propertyName(member) !== "includes") {
        throw new ConditionProblem("only .includes(value) may be called, on a claim or an array literal");
      }
      if (args.length !== 1) throw new ConditionProblem(".includes() takes exactly one argument");
      if (member.object.type === "ArrayExpression") walk(member.object, claims, depth + 1);
      else claims.push({ segments: claimSegments(member.object), includes: true });
      walk(args[0]!, claims, depth + 1);
      return;
    }
    default:
      throw new ConditionProblem(`${describe(node)} is not allowed`);
  }
}

/** Parses a condition and checks it against the language; the claims it reads, or a problem. */
function analyze(source: string): { ast: ConditionNode; claims: ClaimReference[] } {
  let ast: ConditionNode;
  try {
    ast = jsep(source);
  } catch (error) {
    if (error instanceof RangeError) throw new ConditionProblem("nested too deeply");
    throw new ConditionProblem(error instanceof Error ? error.message : "cannot be parsed");
  }
  if (ast.type === "Compound" && (ast as jsep.Compound).body.length === 0) {
    throw new ConditionProblem("must not be empty");
  }
  const claims: ClaimReference[] = [];
  walk(ast, claims, 0);
  return { ast, claims };
}

/** The schema node of a claim (following object claims' properties), or undefined. */
function claimSchema(schema: ClaimsSchemaNode, segments: readonly string[]): ClaimsSchemaNode | undefined {
  let node: ClaimsSchemaNode | undefined = schema;
  for (const segment of segments) {
    const properties: Record<string, ClaimsSchemaNode> | undefined = node?.properties;
    node = properties && Object.hasOwn(properties, segment) ? properties[segment] : undefined;
    if (!node) return undefined;
  }
  return node;
}

/**
 * Checks a condition about to be stored: the language above, and every claim it reads declared by the site's
 * adaptive schema (`includes` only on array or string claims). 400 `condition: …` naming the problem.
 */
export function checkCondition(source: string, schema: ClaimsSchemaNode, field = "condition"): ConditionNode {
  try {
    const { ast, claims } = analyze(source);
    for (const claim of claims) {
      const found = claimSchema(schema, claim.segments);
      const written = claimPath(claim.segments);
      if (!found) throw new ConditionProblem(`unknown claim ${written}`);
      if (claim.includes && found.type !== "array" && found.type !== "string") {
        throw new ConditionProblem(`.includes() needs an array or string claim, ${written} is a ${found.type}`);
      }
    }
    return ast;
  } catch (error) {
    if (error instanceof ConditionProblem) throw badRequest(`${field}: ${error.message}`);
    throw error;
  }
}

/** A condition parsed for repeated evaluation, or null when it is not one (its evaluation is then false). */
export function parseCondition(source: string): ConditionNode | null {
  try {
    return analyze(source).ast;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A claim's value (own properties of plain objects only), undefined when missing. */
function readClaim(claims: unknown, segments: readonly string[]): unknown {
  let value = claims;
  for (const segment of segments) {
    if (!isRecord(value) || !Object.hasOwn(value, segment)) return undefined;
    value = value[segment];
  }
  return value;
}

function compare(operator: string, left: unknown, right: unknown): boolean {
  switch (operator) {
    case "==":
    case "===":
      return left !== undefined && right !== undefined && left === right;
    case "!=":
    case "!==":
      return !(left !== undefined && right !== undefined && left === right);
  }
  const comparable =
    (typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string");
  if (!comparable) return false;
  const [a, b] = [left as number | string, right as number | string];
  return operator === "<" ? a < b : operator === "<=" ? a <= b : operator === ">" ? a > b : a >= b;
}

function value(node: ConditionNode, claims: unknown): unknown {
  switch (node.type) {
    case "Literal":
      return (node as jsep.Literal).value;
    case "ArrayExpression":
      return (node as jsep.ArrayExpression).elements.map((e) => (e ? value(e, claims) : undefined));
    case "MemberExpression":
      return readClaim(claims, claimSegments(node));
    case "UnaryExpression": {
      const { operator, argument } = node as jsep.UnaryExpression;
      return operator === "-" ? -(value(argument, claims) as number) : !value(argument, claims);
    }
    case "BinaryExpression": {
      const { operator, left, right } = node as jsep.BinaryExpression;
      if (operator === "&&") return Boolean(value(left, claims)) && Boolean(value(right, claims));
      if (operator === "||") return Boolean(value(left, claims)) || Boolean(value(right, claims));
      return compare(operator, value(left, claims), value(right, claims));
    }
    case "CallExpression": {
      const { callee, arguments: args } = node as jsep.CallExpression;
      const target = value((callee as jsep.MemberExpression).object, claims);
      const needle = value(args[0]!, claims);
      if (Array.isArray(target)) return needle !== undefined && target.includes(needle);
      return typeof target === "string" && typeof needle === "string" && target.includes(needle);
    }
    default:
      return undefined;
  }
}

/**
 * Whether a visitor with these claims satisfies the condition (a string, or parsed by `parseCondition`). Never
 * throws: a condition outside the language, or one that fails to evaluate, is false.
 */
export function evaluateCondition(condition: string | ConditionNode | null, claims: unknown): boolean {
  try {
    const ast = typeof condition === "string" ? parseCondition(condition) : condition;
    if (!ast) return false;
    return Boolean(value(ast, claims ?? {}));
  } catch {
    return false;
  }
}
