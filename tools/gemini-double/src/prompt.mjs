// Finds what a prompt asks for: the generator's fields, given either as delimited tags
// (<recipient_name>Ada</recipient_name>) or as labelled lines (`Recipient name: Ada`). Tags are
// read first and cut out, so a value the user typed cannot pose as another field's label.

/** Each field and the labels it is recognised by, normalised (lower case, words split by spaces). */
const FIELD_LABELS = {
  recipientName: ['recipient', 'recipient name'],
  senderName: ['sender', 'sender name'],
  purpose: ['purpose', 'purpose of email', 'purpose of the email', 'email purpose'],
  keyDetails: ['key details', 'key details or hints', 'key details and hints', 'details', 'hints'],
  tone: ['tone', 'desired tone'],
  customPrompt: [
    'custom prompt',
    'prompt to enhance',
    'original prompt',
    'prompt',
    'enhanced prompt',
    'instructions',
    'additional instructions',
  ],
};

const FIELD_BY_LABEL = new Map(
  Object.entries(FIELD_LABELS).flatMap(([field, labels]) => labels.map((label) => [label, field])),
);

/** `recipientName`, `Recipient_Name`, `recipient-name`, `Recipient's name` → `recipient name`. */
const normaliseLabel = (label) =>
  label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/'s\b/gi, '')
    .replace(/[_\s-]+/g, ' ')
    .trim()
    .toLowerCase();

/** Drops one layer of quotes or fences around a value and folds its whitespace. */
function cleanValue(value) {
  let text = value.trim();
  for (const [open, close] of [
    ['"""', '"""'],
    ['```', '```'],
    ['"', '"'],
    ["'", "'"],
    ['“', '”'],
    ['`', '`'],
  ]) {
    if (
      text.length >= open.length + close.length &&
      text.startsWith(open) &&
      text.endsWith(close)
    ) {
      text = text.slice(open.length, -close.length).trim();
      break;
    }
  }
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*[-*•]\s+/, '').trim())
    .filter(Boolean)
    .join('; ')
    .replace(/\s+/g, ' ');
}

const TAG = /<([A-Za-z][\w-]*)>([\s\S]*?)<\/\1\s*>/g;
// An optional bullet or heading mark, the label (maybe **bold**), a colon, then the value.
const LABEL_LINE = /^[\s>#*-]*\**\s*([A-Za-z][A-Za-z' _-]{0,40}?)\s*\**\s*:\s*\**\s*(.*)$/;

/**
 * @typedef {Partial<Record<keyof typeof FIELD_LABELS, string>>} PromptFields
 * @param {string} text
 * @returns {PromptFields}
 */
function readFields(text) {
  /** @type {PromptFields} */
  const fields = {};
  const rest = text.replace(TAG, (whole, name, value) => {
    const field = FIELD_BY_LABEL.get(normaliseLabel(name));
    if (!field) return whole;
    const cleaned = cleanValue(value);
    if (cleaned && fields[field] === undefined) fields[field] = cleaned;
    return '\n';
  });

  const lines = rest.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const match = LABEL_LINE.exec(lines[index]);
    const field = match && FIELD_BY_LABEL.get(normaliseLabel(match[1]));
    if (!field || fields[field] !== undefined) continue;
    let value = match[2].replace(/\*+$/, '');
    // `Key details:` alone on its line: the value is the lines below, up to a blank line or
    // another recognised label.
    if (value.trim() === '') {
      const below = [];
      while (index + 1 < lines.length && lines[index + 1].trim() !== '') {
        const next = LABEL_LINE.exec(lines[index + 1]);
        if (next && FIELD_BY_LABEL.has(normaliseLabel(next[1]))) break;
        below.push(lines[(index += 1)]);
      }
      value = below.join('\n');
    }
    const cleaned = cleanValue(value);
    if (cleaned) fields[field] = cleaned;
  }
  return fields;
}

/**
 * What the prompt asks for. An email as soon as it names a recipient, sender or purpose; a better
 * prompt when it gives a prompt to work on (or asks to enhance/improve a prompt); otherwise an
 * email if it mentions one.
 * @returns {{ kind: 'email' | 'enhance' | 'other', fields: PromptFields, prompt?: string }}
 */
export function readRequest(text) {
  const fields = readFields(text);
  if (fields.recipientName || fields.senderName || fields.purpose) return { kind: 'email', fields };
  const asksToEnhance =
    /\b(enhance|improve|rewrite|refine)\b/i.test(text) && /\bprompt\b/i.test(text);
  if (fields.customPrompt) return { kind: 'enhance', fields, prompt: fields.customPrompt };
  if (asksToEnhance) return { kind: 'enhance', fields, prompt: promptInside(text) };
  if (/\be-?mail\b/i.test(text)) return { kind: 'email', fields };
  return { kind: 'other', fields };
}

/** The prompt an unlabelled enhancement request is about: its last quotation, else its last paragraph. */
function promptInside(text) {
  const quoted = [...text.matchAll(/"""([\s\S]+?)"""|"([^"\n]+)"|“([^”]+)”/g)];
  const last = quoted.at(-1);
  if (last) return cleanValue(last[1] ?? last[2] ?? last[3]);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return cleanValue(paragraphs.at(-1) ?? text);
}
