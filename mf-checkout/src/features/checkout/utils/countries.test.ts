import { describe, expect, it } from 'vitest';
import { countryNames, listedCountry } from './countries';

describe('countryNames', () => {
  it('lists the world’s sovereign states alphabetically, no territories, ending with Other', () => {
    // The UN's 193 members and its observers: the spec's list of about 195.
    expect(countryNames.length).toBeGreaterThanOrEqual(194);
    expect(countryNames.length).toBeLessThanOrEqual(197);
    expect(countryNames).not.toContain('Guam');
    expect(countryNames).not.toContain('Greenland');
    expect(countryNames).toContain('Holy See (Vatican City State)');
    expect(countryNames.at(-1)).toBe('Other');
    const countries = countryNames.slice(0, -1);
    expect([...countries].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(countries);
    expect(countries).toContain('Germany');
    expect(new Set(countryNames).size).toBe(countryNames.length);
  });

  it('matches a profile’s free-text country to the list’s spelling, or nothing', () => {
    expect(listedCountry(' germany ')).toBe('Germany');
    expect(listedCountry('Atlantis')).toBe('');
    expect(listedCountry(undefined)).toBe('');
  });
});
