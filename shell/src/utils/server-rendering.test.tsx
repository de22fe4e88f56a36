import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fillRemoteSlot, RemoteSlot } from './server-rendering';

describe("a remote's page in the shell's server-rendered HTML", () => {
  it('takes the place of its slot as it is, `$&` and all', () => {
    const shell = `<main>${renderToString(<RemoteSlot remote="marketing" />)}</main>`;
    expect(fillRemoteSlot(shell, 'marketing', '<p>Save $& now</p>')).toBe(
      '<main><p>Save $& now</p></main>',
    );
  });

  it('is never dropped: a shell HTML without its slot is refused', () => {
    expect(() => fillRemoteSlot('<main></main>', 'marketing', '<p>Page</p>')).toThrow(
      "no place for marketing's page",
    );
  });
});
