// PayPal's published API documents (openapi/) as a check on the double's answers: an answer's
// status must be one its operation lists (or falls under the operation's `default`), and its body
// must follow the schema the document gives for that status, error bodies included. The REST
// client in rest-client.mjs checks every answer it gets, so each test of the suite holds the
// double to the documents, not only openapi.test.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const DOCUMENTS = {
  orders: 'checkout_orders_v2.json',
  payments: 'payments_payment_v2.json',
  webhooks: 'notifications_webhooks_v1.json',
  disputes: 'customer_disputes_v1.json',
};
/**
 * PayPal's rate-limiting guide documents 429 RATE_LIMIT_REACHED for every API; the OpenAPI
 * documents leave it out (their `default` error lists no such name), so it is checked by name.
 */
const RATE_LIMITED = 429;

// OpenAPI 3.0 schemas are JSON Schema plus a few keywords of their own (readOnly, example,
// discriminator...), which a strict validator would refuse to read. PayPal's patterns are
// written for a non-Unicode regular expression engine (its e-mail pattern is not valid with
// JavaScript's 'u' flag).
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
/** @type {Array<{ name: string, method: string, template: string, pattern: RegExp, responses: Record<string, any> }>} */
const operations = [];
/** @type {Record<string, any>} */
const documents = {};
for (const [name, file] of Object.entries(DOCUMENTS)) {
  const document = JSON.parse(readFileSync(new URL(`../openapi/${file}`, import.meta.url), 'utf8'));
  documents[name] = document;
  ajv.addSchema(document, name);
  for (const [template, item] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item)) {
      if (!operation?.responses) continue;
      operations.push({
        name,
        method: method.toUpperCase(),
        template,
        pattern,
        responses: operation.responses,
      });
    }
  }
}

const pointer = (...parts) =>
  parts.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Validates `body` against the schema at `ref` (`document#/json/pointer`). */
function assertValid(ref, body, label) {
  const validate = ajv.getSchema(ref);
  assert.ok(validate, `no schema at ${ref}`);
  assert.ok(
    validate(body),
    `${label}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 1)}`,
  );
}

/** Asserts `body` is what the document names `schema` (e.g. payments' `refund`). */
export function assertSchema(document, schema, body) {
  assertValid(`${document}#/components/schemas/${schema}`, body, schema);
}

/**
 * Asserts an answer to `method path` is documented: its status listed for the operation (an
 * error may instead fall under `default`) and its body valid against that response's schema. PayPal's error
 * answers carry their issues in `details`, where the documents' error schemas name the array
 * `issues`: the issues are checked against that array's schema (names and descriptions), so an
 * issue the operation does not document fails. Paths the documents do not describe (OAuth, the
 * SDK, the controls) are not checked.
 */
export function assertDocumentedAnswer(method, path, status, body) {
  const url = new URL(path, 'http://double.invalid');
  const operation = operations.find(
    (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
  );
  if (!operation) return;
  const label = `${method} ${operation.template} → ${status}`;
  // `default` is the documents' error answer: a success must be listed by its own status.
  const listed = String(status) in operation.responses;
  const key = listed || status >= 300 ? (listed ? String(status) : 'default') : undefined;
  assert.ok(key && key in operation.responses, `${label}: not a status the operation may return`);
  if (status === RATE_LIMITED) {
    assert.equal(body?.name, 'RATE_LIMIT_REACHED', label);
    return;
  }
  let response = operation.responses[key];
  let base = pointer('paths', operation.template, method.toLowerCase(), 'responses', key);
  if (response.$ref) {
    base = response.$ref.slice(2);
    response = base.split('/').reduce((node, part) => node?.[part], documents[operation.name]);
  }
  if (!response?.content) return;
  const [type] = Object.keys(response.content);
  const checked =
    body && typeof body === 'object' && Array.isArray(body.details) && !('issues' in body)
      ? { ...body, issues: body.details }
      : body;
  assertValid(`${operation.name}#/${base}/${pointer('content', type, 'schema')}`, checked, label);
}
