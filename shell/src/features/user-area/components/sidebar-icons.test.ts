import { menus } from '@coldmail/registry/pages';
import { isIconName } from '@coldmail/ui';
import { describe, expect, it } from 'vitest';

describe('the sidebars', () => {
  it('name a drawn icon for every entry (no emoji, no unknown name)', () => {
    const entries = [...menus.user, ...menus.admin];
    expect(entries.filter((entry) => !isIconName(entry.icon))).toEqual([]);
  });
});
