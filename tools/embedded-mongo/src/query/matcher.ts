import { Query } from 'mingo';
import { compareValues, typeRank, valuesEqual } from '../bson/compare';
import { numericKind, toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { bsonTag, isNumeric, isPlainObject, typeAlias } from '../bson/types';
import { badValue, ErrorCode, MongoCommandError } from '../errors';
import { toMingoValue } from '../aggregate/mingoBridge';
import { anyValueAtPath, type MatchDetails, splitPath } from './path';

export type Predicate = (doc: Doc, details?: MatchDetails) => boolean;
/** Tests one value; an `$elemMatch` also records in `details` which element matched. */
type ValueTest = (v: unknown, details?: MatchDetails) => boolean;

/** Compiles a MongoDB query filter once; the predicate is then cheap to run per document. */
export function compileFilter(filter: unknown, variables?: Doc): Predicate {
  if (filter === undefined || filter === null) return () => true;
  if (!isPlainObject(filter)) throw badValue('filter must be an object');
  const clauses: Predicate[] = [];
  for (const key of Object.keys(filter)) {
    const expr = filter[key];
    if (DBREF_FIELDS.has(key)) clauses.push(compileDbRefField(key, expr));
    else if (key.startsWith('$')) clauses.push(compileTopLevel(key, expr, variables));
    else clauses.push(compileField(key, expr, variables));
  }
  if (clauses.length === 0) return () => true;
  if (clauses.length === 1) return clauses[0] as Predicate;
  return (doc, details) => clauses.every((c) => c(doc, details));
}

/** Operators that stand on their own in a filter rather than apply to a field. */
const PATHLESS_OPERATORS = new Set([
  '$and',
  '$or',
  '$nor',
  '$expr',
  '$comment',
  '$where',
  '$text',
  '$jsonSchema',
  '$sampleRate',
]);

function compileTopLevel(op: string, expr: unknown, variables?: Doc): Predicate {
  switch (op) {
    case '$and':
    case '$or':
    case '$nor': {
      if (!Array.isArray(expr) || expr.length === 0) {
        throw badValue(`${op} must be a nonempty array`);
      }
      const parts = expr.map((e) => {
        if (!isPlainObject(e)) throw badValue(`${op} argument's entries must be objects`);
        return compileFilter(e, variables);
      });
      if (op === '$and') return (d, det) => parts.every((p) => p(d, det));
      if (op === '$or') return (d, det) => parts.some((p) => p(d, det));
      return (d) => !parts.some((p) => p(d));
    }
    case '$expr': {
      // Aggregation expressions are mingo's job; it sees numbers as plain JS numbers.
      const q = new Query({ $expr: expr }, { variables, scriptEnabled: false });
      return (d) => q.test(toMingoValue(d) as Doc);
    }
    case '$comment':
      return () => true;
    case '$where':
    case '$text':
    case '$jsonSchema':
    case '$sampleRate':
      throw new MongoCommandError(
        ErrorCode.NotImplemented,
        `${op} is not supported by embedded-mongo`,
      );
  }
  throw badValue(`unknown top level operator: ${op}`);
}

/** The fields of a DBRef (`{$ref, $id, $db}`), which a filter names like any other field. */
const DBREF_FIELDS = new Set(['$ref', '$id', '$db']);

/** `{$id: x}` matches a DBRef's field by plain equality, whatever `x` is (mongod's parseDBRef). */
function compileDbRefField(field: string, expr: unknown): Predicate {
  const t = eqTest(expr);
  return (d, det) => anyValueAtPath(d, [field], t, det);
}

/**
 * Whether a field's condition is operators (`{$gt: 1}`) rather than a value to equal. A DBRef
 * (`{$ref, $id}`) is a value; with `allowIncompleteDbRef`, as inside `$elemMatch`, so is any
 * document naming `$ref`, `$id` or `$db`.
 */
export function isOperatorObject(v: unknown, allowIncompleteDbRef = false): v is Doc {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length === 0 || !(keys[0] as string).startsWith('$')) return false;
  const named = (k: string): boolean => Object.hasOwn(v, k);
  const dbRef = allowIncompleteDbRef
    ? named('$ref') || named('$id') || named('$db')
    : named('$ref') && named('$id');
  return !dbRef;
}

function compileField(path: string, expr: unknown, variables?: Doc): Predicate {
  const parts = splitPath(path);
  if (expr instanceof RegExp) {
    const t = regexTest(expr);
    return (d, det) => anyValueAtPath(d, parts, t, det);
  }
  if (!isOperatorObject(expr)) {
    const t = eqTest(expr);
    return (d, det) => anyValueAtPath(d, parts, t, det);
  }
  const clauses: Predicate[] = [];
  const ops = expr;
  for (const op of Object.keys(ops)) {
    if (op === '$options') {
      if (!('$regex' in ops)) throw badValue('$options needs a $regex');
      continue;
    }
    clauses.push(compileOperator(parts, op, ops[op], ops, variables));
  }
  if (clauses.length === 1) return clauses[0] as Predicate;
  return (d, det) => clauses.every((c) => c(d, det));
}

function compileOperator(
  parts: readonly string[],
  op: string,
  arg: unknown,
  siblings: Doc,
  variables?: Doc,
): Predicate {
  const positive =
    (t: ValueTest): Predicate =>
    (d, det) =>
      anyValueAtPath(d, parts, t, det);
  const negative =
    (t: ValueTest): Predicate =>
    (d) =>
      !anyValueAtPath(d, parts, t);
  switch (op) {
    case '$eq':
      return positive(eqTest(arg));
    case '$ne':
      return negative(eqTest(arg));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return positive(rangeTest(op, arg));
    case '$in':
      return positive(inTest(arg, op));
    case '$nin':
      return negative(inTest(arg, op));
    case '$exists':
      return arg ? positive((v) => v !== undefined) : negative((v) => v !== undefined);
    case '$type':
      return positive(typeTest(arg));
    case '$regex':
      return positive(regexTest(toRegExp(arg, siblings['$options'])));
    case '$size': {
      if (!isNumeric(arg) || !Number.isInteger(toJsNumber(arg))) {
        throw badValue('$size needs a number');
      }
      const n = toJsNumber(arg);
      return (d) => anyValueAtPath(d, parts, (v) => Array.isArray(v) && v.length === n);
    }
    case '$all': {
      if (!Array.isArray(arg)) throw badValue('$all needs an array');
      if (arg.length === 0) return () => false;
      const tests = arg.map((a) =>
        isPlainObject(a) && '$elemMatch' in a
          ? compileOperator(parts, '$elemMatch', a['$elemMatch'], a, variables)
          : positive(a instanceof RegExp ? regexTest(a) : eqTest(a)),
      );
      return (d, det) => tests.every((t) => t(d, det));
    }
    case '$elemMatch':
      return positive(elemMatchTest(arg, variables));
    case '$not': {
      if (arg instanceof RegExp) return negative(regexTest(arg));
      if (!isOperatorObject(arg)) throw badValue('$not needs a regex or a document');
      const inner = compileField(parts.join('.'), arg, variables);
      return (d) => !inner(d);
    }
    case '$mod': {
      if (!Array.isArray(arg) || arg.length !== 2 || !arg.every(isNumeric)) {
        throw badValue('malformed mod, needs to be an array of two numbers');
      }
      const div = Math.trunc(toJsNumber(arg[0]));
      const rem = Math.trunc(toJsNumber(arg[1]));
      if (div === 0) throw badValue('divisor cannot be 0');
      return positive((v) => isNumeric(v) && Math.trunc(toJsNumber(v)) % div === rem);
    }
    case '$comment':
      return () => true;
  }
  throw badValue(`unknown operator: ${op}`);
}

function eqTest(arg: unknown): ValueTest {
  if (arg === null) return (v) => v === null || v === undefined;
  if (typeof arg === 'string') return (v) => v === arg;
  if (typeof arg === 'number' && !Number.isNaN(arg)) {
    return (v) => v === arg || (typeof v !== 'number' && isNumeric(v) && valuesEqual(v, arg));
  }
  const rank = typeRank(arg);
  return (v) => typeRank(v) === rank && compareValues(v, arg) === 0;
}

function rangeTest(op: string, arg: unknown): ValueTest {
  const rank = typeRank(arg);
  const check =
    op === '$gt'
      ? (c: number) => c > 0
      : op === '$gte'
        ? (c: number) => c >= 0
        : op === '$lt'
          ? (c: number) => c < 0
          : (c: number) => c <= 0;
  if (arg instanceof RegExp || bsonTag(arg) === 'BSONRegExp') {
    throw badValue(`Can't have RegEx as arg to predicate over field: ${op}`);
  }
  // MinKey/MaxKey bound every type; otherwise only values of the same canonical type compare.
  if (rank === 1 || rank === 13) return (v) => v !== undefined && check(compareValues(v, arg));
  return (v) =>
    (v === undefined ? rank === 2 : typeRank(v) === rank) && check(compareValues(v, arg));
}

function inTest(arg: unknown, op: string): ValueTest {
  if (!Array.isArray(arg)) throw badValue(`${op} needs an array`);
  const tests = arg.map((a) => {
    if (isOperatorObject(a)) throw badValue(`cannot nest $ under ${op}`);
    return a instanceof RegExp ? regexTest(a) : eqTest(a);
  });
  return (v) => tests.some((t) => t(v));
}

function toRegExp(pattern: unknown, options: unknown): RegExp {
  const flags = typeof options === 'string' ? options.replace(/[^imsu]/g, '') : '';
  if (pattern instanceof RegExp) {
    return flags ? new RegExp(pattern.source, flags) : pattern;
  }
  if (typeof pattern !== 'string') throw badValue('$regex has to be a string');
  try {
    return new RegExp(pattern, flags);
  } catch (err) {
    throw badValue(`Regular expression is invalid: ${(err as Error).message}`);
  }
}

function regexTest(re: RegExp): ValueTest {
  const r = re.global || re.sticky ? new RegExp(re.source, re.flags.replace(/[gy]/g, '')) : re;
  return (v) => typeof v === 'string' && r.test(v);
}

const TYPE_NUMBERS: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  13: 'javascript',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};

function typeTest(arg: unknown): ValueTest {
  const wanted = (Array.isArray(arg) ? arg : [arg]).map((t) => {
    if (typeof t === 'string') return t;
    if (isNumeric(t)) {
      const name = TYPE_NUMBERS[toJsNumber(t)];
      if (name) return name;
    }
    throw badValue(`Invalid numerical type code: ${String(t)}`);
  });
  return (v) =>
    v !== undefined &&
    wanted.some((t) => (t === 'number' ? numericKind(v) !== undefined : typeAlias(v) === t));
}

function elemMatchTest(arg: unknown, variables?: Doc): ValueTest {
  if (!isPlainObject(arg)) throw badValue('$elemMatch needs an Object');
  // mongod's rule: operators on the element itself unless the first one stands on its own
  // in a filter ($and, $expr, ...) or the document names a DBRef field.
  const valueForm =
    isOperatorObject(arg, true) && !PATHLESS_OPERATORS.has(Object.keys(arg)[0] as string);
  let matches: (element: unknown) => boolean;
  if (valueForm) {
    // {$elemMatch: {$gte: 80, $lt: 85}}: the operators apply to each element itself.
    const p = compileField('v', arg, variables);
    matches = (e) => p({ v: e });
  } else {
    const p = compileFilter(arg, variables);
    matches = (e) => isPlainObject(e) && p(e);
  }
  return (v, details) => {
    if (!Array.isArray(v)) return false;
    const index = v.findIndex(matches);
    if (index < 0) return false;
    if (details && details.arrayIndex === undefined) details.arrayIndex = index;
    return true;
  };
}
