import { footerSettings, userRecord } from '@coldmail/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cacheAuthState,
  cacheFooter,
  cacheNavbarUser,
  clearCachedSession,
  readCachedFooter,
  readCachedNavbarUser,
} from './browser-cache';

afterEach(() => localStorage.clear());

describe('the browser cache', () => {
  it('keeps the footer under footerData and gives it back', () => {
    cacheFooter(footerSettings({ description: 'Kept.' }));
    expect(JSON.parse(localStorage.getItem('footerData') ?? 'null')).toEqual(
      footerSettings({ description: 'Kept.' }),
    );
    expect(readCachedFooter()).toEqual(footerSettings({ description: 'Kept.' }));
  });

  it.each([
    ['nothing kept', null],
    ['not JSON', '{oops'],
    ['not a footer', JSON.stringify({ isActive: true, companyLinks: {} })],
  ])('gives no footer when there is %s', (_case, raw) => {
    if (raw !== null) localStorage.setItem('footerData', raw);
    expect(readCachedFooter()).toBeNull();
  });

  it('forgets the user at logout but keeps the footer, which is no one’s in particular', () => {
    cacheNavbarUser(userRecord());
    cacheAuthState('buyer@example.com');
    cacheFooter(footerSettings());
    clearCachedSession();
    expect(readCachedNavbarUser()).toBeNull();
    expect(localStorage.getItem('authState')).toBeNull();
    expect(readCachedFooter()).toEqual(footerSettings());
  });
});
