// A create-order request checked as PayPal checks it: schema problems are 400 INVALID_REQUEST,
// business rules (sums, currencies, precision, the payee) 422 UNPROCESSABLE_ENTITY, all issues
// reported at once; amounts come back normalised ("10" → "10.00").
import { detail } from './errors.mjs';
import { checkMoney, decimalsOf, fromMinor } from './money.mjs';

const BREAKDOWN_ADDS = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'];
const BREAKDOWN_SUBTRACTS = ['shipping_discount', 'discount'];
const STRING_LIMITS = {
  reference_id: 256,
  description: 127,
  custom_id: 127,
  invoice_id: 127,
  soft_descriptor: 22,
};
/** PayPal's patterns for a payee's account id and e-mail (Orders v2 `account_id`, `email_address`). */
const MERCHANT_ID = /^[2-9A-HJ-NP-Z]{13}$/;
const EMAIL = /^.+@[^"-].+$/;

/**
 * Validates a create-order body the way PayPal does: schema problems are 400 INVALID_REQUEST,
 * business rules (sums, currencies, precision) are 422 UNPROCESSABLE_ENTITY, all issues at once.
 */
export function validateOrderRequest(body) {
  /** @type {{ bad: import('./errors.mjs').ErrorDetail[], unprocessable: import('./errors.mjs').ErrorDetail[] }} */
  const errors = { bad: [], unprocessable: [] };
  /** @type {any[]} */
  const units = [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    errors.bad.push(detail('MALFORMED_REQUEST_JSON', '/'));
    return { ...errors, units };
  }
  if (body.intent === undefined) errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', '/intent'));
  else if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
    errors.bad.push(detail('INVALID_PARAMETER_VALUE', '/intent', body.intent));
  }
  const list = body.purchase_units;
  if (list === undefined) {
    errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', '/purchase_units'));
    return { ...errors, units };
  }
  if (!Array.isArray(list)) {
    errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', '/purchase_units'));
    return { ...errors, units };
  }
  if (list.length === 0) {
    errors.bad.push(detail('INVALID_ARRAY_MIN_ITEMS', '/purchase_units'));
    return { ...errors, units };
  }
  const currencies = new Set();
  const seenReferences = new Set();
  list.forEach((unit, index) => {
    if (unit === null || typeof unit !== 'object') {
      errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `/purchase_units/${index}`));
      return;
    }
    const reference = unit.reference_id ?? 'default';
    if (list.length > 1) {
      if (unit.reference_id === undefined) {
        errors.unprocessable.push(detail('REFERENCE_ID_REQUIRED', `/purchase_units/${index}`));
      } else if (seenReferences.has(reference)) {
        errors.unprocessable.push(detail('DUPLICATE_REFERENCE_ID', `/purchase_units/${index}`));
      }
      seenReferences.add(reference);
    }
    const base = `/purchase_units/@reference_id=='${reference}'`;
    for (const [name, limit] of Object.entries(STRING_LIMITS)) {
      const value = unit[name];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/${name}`, value));
      } else if (value.length < 1 || value.length > limit) {
        errors.bad.push(detail('INVALID_STRING_LENGTH', `${base}/${name}`, value));
      }
    }
    const payee = checkPayee(unit.payee, base, errors);
    const normalized = checkUnitAmounts(unit, base, errors, currencies);
    if (normalized) {
      units.push({
        reference_id: reference,
        ...copyUnitFields(unit),
        ...normalized,
        ...(payee ? { payee } : {}),
      });
    }
  });
  if (currencies.size > 1) {
    errors.unprocessable.push(detail('MULTI_CURRENCY_ORDER', '/purchase_units'));
  }
  return { ...errors, units };
}

/** Checks amount, breakdown and items of one purchase unit; returns them normalised ("10" → "10.00"). */
function checkUnitAmounts(unit, base, errors, currencies) {
  const total = checkMoney(unit.amount, `${base}/amount`, errors, { positive: true });
  if (total === null) return null;
  const currency = unit.amount.currency_code;
  const decimals = decimalsOf(currency);
  currencies.add(currency);
  const money = (minor) => ({ currency_code: currency, value: fromMinor(minor, decimals) });
  const sameCurrency = (value, field) => {
    if (value?.currency_code && value.currency_code !== currency) {
      errors.unprocessable.push(detail('MULTI_CURRENCY_ORDER', field, value.currency_code));
      return false;
    }
    return true;
  };

  /** @type {Record<string, bigint>} */
  const parts = {};
  const breakdown = unit.amount.breakdown;
  let ok = true;
  if (breakdown !== undefined) {
    for (const name of [...BREAKDOWN_ADDS, ...BREAKDOWN_SUBTRACTS]) {
      if (breakdown[name] === undefined) continue;
      const field = `${base}/amount/breakdown/${name}`;
      const minor = checkMoney(breakdown[name], field, errors);
      if (minor === null || !sameCurrency(breakdown[name], field)) ok = false;
      else parts[name] = minor;
    }
  }

  let items;
  if (unit.items !== undefined) {
    items = checkItems(unit.items, base, errors, sameCurrency, decimals);
    if (!items) ok = false;
  }
  if (!ok) return null;

  if (items) {
    const field = `${base}/amount/breakdown`;
    if (parts.item_total === undefined) {
      errors.unprocessable.push(detail('ITEM_TOTAL_REQUIRED', `${field}/item_total`));
    } else if (parts.item_total !== items.itemTotal) {
      errors.unprocessable.push(
        detail('ITEM_TOTAL_MISMATCH', `${field}/item_total`, fromMinor(parts.item_total, decimals)),
      );
    }
    if (items.hasTax && parts.tax_total === undefined) {
      errors.unprocessable.push(detail('TAX_TOTAL_REQUIRED', `${field}/tax_total`));
    } else if (items.hasTax && parts.tax_total !== items.taxTotal) {
      errors.unprocessable.push(
        detail('TAX_TOTAL_MISMATCH', `${field}/tax_total`, fromMinor(parts.tax_total, decimals)),
      );
    }
  }
  if (breakdown !== undefined) {
    const sum = (names) => names.reduce((acc, name) => acc + (parts[name] ?? 0n), 0n);
    if (sum(BREAKDOWN_ADDS) - sum(BREAKDOWN_SUBTRACTS) !== total) {
      errors.unprocessable.push(
        detail('AMOUNT_MISMATCH', `${base}/amount/value`, fromMinor(total, decimals)),
      );
    }
  }

  const amount = { ...money(total) };
  if (breakdown !== undefined) {
    amount.breakdown = Object.fromEntries(
      Object.entries(parts).map(([name, minor]) => [name, money(minor)]),
    );
  }
  return { amount, ...(items ? { items: items.normalized } : {}) };
}

function checkItems(list, base, errors, sameCurrency, decimals) {
  if (!Array.isArray(list)) {
    errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/items`));
    return null;
  }
  let itemTotal = 0n;
  let taxTotal = 0n;
  let hasTax = false;
  let ok = true;
  const normalized = list.map((item, index) => {
    const field = `${base}/items/${index}`;
    if (item === null || typeof item !== 'object') {
      errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', field));
      ok = false;
      return item;
    }
    if (typeof item.name !== 'string' || item.name.length === 0) {
      errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/name`));
      ok = false;
    }
    if (typeof item.quantity !== 'string' || !/^[0-9]{1,10}$/.test(item.quantity)) {
      const issue =
        item.quantity === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_SYNTAX';
      errors.bad.push(detail(issue, `${field}/quantity`, item.quantity));
      ok = false;
    }
    const unitAmount = checkMoney(item.unit_amount, `${field}/unit_amount`, errors);
    if (unitAmount === null || !sameCurrency(item.unit_amount, `${field}/unit_amount`)) ok = false;
    const tax = item.tax === undefined ? 0n : checkMoney(item.tax, `${field}/tax`, errors);
    if (tax === null || (item.tax && !sameCurrency(item.tax, `${field}/tax`))) ok = false;
    if (!ok) return item;
    const quantity = BigInt(item.quantity);
    itemTotal += /** @type {bigint} */ (unitAmount) * quantity;
    if (item.tax !== undefined) {
      hasTax = true;
      taxTotal += /** @type {bigint} */ (tax) * quantity;
    }
    const money = (minor, currency) => ({
      currency_code: currency,
      value: fromMinor(minor, decimals),
    });
    return {
      ...item,
      unit_amount: money(unitAmount, item.unit_amount.currency_code),
      ...(item.tax === undefined ? {} : { tax: money(tax, item.tax.currency_code) }),
    };
  });
  return ok ? { itemTotal, taxTotal, hasTax, normalized } : null;
}

/** The purchase-unit fields PayPal stores and echoes back besides amounts. */
function copyUnitFields(unit) {
  const copy = {};
  for (const name of ['description', 'custom_id', 'invoice_id', 'soft_descriptor', 'shipping']) {
    if (unit[name] !== undefined) copy[name] = unit[name];
  }
  return copy;
}

/**
 * The merchant a purchase unit names to receive the money (`payee`), as given: an e-mail
 * address, an account id, or both. Neither, or either in the wrong form, is PAYEE_ACCOUNT_INVALID.
 */
function checkPayee(payee, base, errors) {
  if (payee === undefined) return undefined;
  const { email_address: email, merchant_id: merchantId } = payee ?? {};
  const valid =
    payee !== null &&
    typeof payee === 'object' &&
    (email !== undefined || merchantId !== undefined) &&
    (email === undefined ||
      (typeof email === 'string' && email.length <= 254 && EMAIL.test(email))) &&
    (merchantId === undefined || (typeof merchantId === 'string' && MERCHANT_ID.test(merchantId)));
  if (!valid) {
    errors.unprocessable.push(detail('PAYEE_ACCOUNT_INVALID', `${base}/payee`));
    return undefined;
  }
  return {
    ...(email === undefined ? {} : { email_address: email }),
    ...(merchantId === undefined ? {} : { merchant_id: merchantId }),
  };
}
