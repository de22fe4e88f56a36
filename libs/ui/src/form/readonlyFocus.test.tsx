import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

const fieldCss = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), 'Field.module.css'),
  'utf8',
);

afterEach(() => document.head.replaceChildren());

/** The box shadow of a `.control` input, focused, under the fields' own stylesheet. */
function focusedShadow(props: { readOnly?: boolean }) {
  const style = document.createElement('style');
  style.textContent = fieldCss;
  document.head.append(style);
  const { container } = render(<input className="control" aria-label="Email" {...props} />);
  const input = container.querySelector('input') as HTMLInputElement;
  input.focus();
  return getComputedStyle(input).boxShadow;
}

describe('a read-only field', () => {
  it('shows the focus ring as an editable one does', () => {
    const ring = focusedShadow({});
    expect(ring).toContain('--cm-focus-ring');
    expect(focusedShadow({ readOnly: true })).toBe(ring);
  });
});
