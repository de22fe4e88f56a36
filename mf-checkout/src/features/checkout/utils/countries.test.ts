import { describe, expect, it } from 'vitest';
import { countryNames, listedCountry } from './countries';

describe('countryNames', () => {
  it('lists the world’s countries alphabetically, ending with Other', () => {
    expect(countryNames.length).toBeGreaterThan(195);
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
