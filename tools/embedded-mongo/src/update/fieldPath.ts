import type { Doc } from '../bson/types';
import { isDigits, isPlainObject, ownField } from '../bson/types';
import { badValue, ErrorCode, MongoCommandError } from '../errors';

export type Container = Doc | unknown[];

function describe(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function pathNotViable(field: string, holder: string, value: unknown): MongoCommandError {
  return new MongoCommandError(
    ErrorCode.PathNotViable,
    `Cannot create field '${field}' in element {${holder}: ${describe(value)}}`,
  );
}

/**
 * Finds the container that holds the last component of `parts`. With `create`, missing
 * intermediate fields become empty documents, as MongoDB's update does; walking into a
 * scalar is an error then, and `undefined` otherwise.
 */
export function locate(
  root: Doc,
  parts: readonly string[],
  create: boolean,
): { parent: Container; key: string } | undefined {
  // Writing through `__proto__` would reach Object.prototype and poison the whole process.
  if (parts.includes('__proto__')) throw badValue("field names may not be '__proto__'");
  let node: Container = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i] as string;
    let next: unknown;
    if (Array.isArray(node)) {
      if (!isDigits(p)) {
        if (create) throw pathNotViable(p, parts.slice(0, i).join('.'), node);
        return undefined;
      }
      next = node[Number(p)];
    } else {
      next = ownField(node, p);
    }
    if (next === undefined) {
      if (!create) return undefined;
      next = {};
      assign(node, p, next);
    } else if (!isPlainObject(next) && !Array.isArray(next)) {
      if (create) throw pathNotViable(parts[i + 1] as string, p, next);
      return undefined;
    }
    node = next as Container;
  }
  const key = parts[parts.length - 1] as string;
  if (Array.isArray(node) && !isDigits(key)) {
    if (create) throw pathNotViable(key, parts.slice(0, -1).join('.'), node);
    return undefined;
  }
  return { parent: node, key };
}

export function assign(parent: Container, key: string, value: unknown): void {
  if (Array.isArray(parent)) {
    const idx = Number(key);
    while (parent.length < idx) parent.push(null);
    parent[idx] = value;
  } else {
    parent[key] = value;
  }
}

export function readField(parent: Container, key: string): unknown {
  return Array.isArray(parent) ? parent[Number(key)] : ownField(parent, key);
}

/** `$unset` removes a field from a document but leaves a null hole in an array. */
export function removeField(parent: Container, key: string): boolean {
  if (Array.isArray(parent)) {
    const idx = Number(key);
    if (idx >= parent.length) return false;
    parent[idx] = null;
    return true;
  }
  if (!Object.hasOwn(parent, key)) return false;
  delete parent[key];
  return true;
}
