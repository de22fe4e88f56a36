import { compareValues } from '../bson/compare';
import { addNumeric, divideForAverage, numericKind } from '../bson/numeric';
import { keyString } from '../bson/keyString';
import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';
import { evalExpression } from './expressions';
import { type ExpressionScope, runMingoStage } from './mingoBridge';

interface Accumulator {
  add(value: unknown, doc: Doc): void;
  result(): unknown;
}

type AccumulatorFactory = () => Accumulator;

const ACCUMULATORS: Record<string, AccumulatorFactory> = {
  $sum: () => {
    let sum: unknown = 0;
    return {
      add: (v) => {
        if (numericKind(v) !== undefined) sum = addNumeric(sum, v);
      },
      result: () => sum,
    };
  },
  $avg: () => {
    let sum: unknown = 0;
    let n = 0;
    return {
      add: (v) => {
        if (numericKind(v) !== undefined) {
          sum = addNumeric(sum, v);
          n += 1;
        }
      },
      result: () => (n === 0 ? null : divideForAverage(sum, n)),
    };
  },
  $min: () => extreme(-1),
  $max: () => extreme(1),
  $first: () => {
    let seen = false;
    let first: unknown = null;
    return {
      add: (v) => {
        if (!seen) {
          seen = true;
          first = v === undefined ? null : v;
        }
      },
      result: () => first,
    };
  },
  $last: () => {
    let last: unknown = null;
    return {
      add: (v) => {
        last = v === undefined ? null : v;
      },
      result: () => last,
    };
  },
  $push: () => {
    const out: unknown[] = [];
    return {
      add: (v) => {
        if (v !== undefined) out.push(v);
      },
      result: () => out,
    };
  },
  $addToSet: () => {
    const seen = new Map<string, unknown>();
    return {
      add: (v) => {
        if (v !== undefined && !seen.has(keyString(v))) seen.set(keyString(v), v);
      },
      result: () => [...seen.values()],
    };
  },
  $count: () => {
    let n = 0;
    return { add: () => void (n += 1), result: () => n };
  },
};

function extreme(sign: 1 | -1): Accumulator {
  let best: unknown;
  return {
    add: (v) => {
      if (v === undefined || v === null) return;
      if (best === undefined || compareValues(v, best) * sign > 0) best = v;
    },
    result: () => (best === undefined ? null : best),
  };
}

interface Field {
  name: string;
  op: string;
  expr: unknown;
}

/** `$group` with bson-correct keys and numeric accumulators; other accumulators go to mingo. */
export function group(docs: Doc[], spec: unknown, scope: ExpressionScope): Doc[] {
  if (!isPlainObject(spec) || !('_id' in spec)) {
    throw new MongoCommandError(
      ErrorCode.GroupMissingId,
      'a group specification must include an _id',
    );
  }
  const fields: Field[] = [];
  for (const name of Object.keys(spec)) {
    if (name === '_id') continue;
    const acc = spec[name];
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1) {
      throw new MongoCommandError(
        ErrorCode.GroupFieldNotAccumulator,
        `The field '${name}' must be an accumulator object`,
      );
    }
    const op = Object.keys(acc)[0] as string;
    fields.push({ name, op, expr: acc[op] });
  }
  const groups = new Map<string, { id: unknown; docs: Doc[]; accs: (Accumulator | undefined)[] }>();
  for (const doc of docs) {
    const raw = evalExpression(doc, spec['_id'], scope);
    const id = raw === undefined ? null : raw;
    const key = keyString(id);
    let g = groups.get(key);
    if (!g) {
      g = { id, docs: [], accs: fields.map((f) => ACCUMULATORS[f.op]?.()) };
      groups.set(key, g);
    }
    g.docs.push(doc);
    fields.forEach((f, i) => {
      const acc = g.accs[i];
      if (acc) acc.add(f.op === '$count' ? undefined : evalExpression(doc, f.expr, scope), doc);
    });
  }
  const out: Doc[] = [];
  for (const g of groups.values()) {
    const row: Doc = { _id: g.id };
    fields.forEach((f, i) => {
      const acc = g.accs[i];
      row[f.name] = acc ? acc.result() : mingoAccumulate(g.docs, f, scope);
    });
    out.push(row);
  }
  return out;
}

function mingoAccumulate(docs: Doc[], f: Field, scope: ExpressionScope): unknown {
  const [row] = runMingoStage(docs, { $group: { _id: null, v: { [f.op]: f.expr } } }, scope);
  return row ? row['v'] : null;
}
