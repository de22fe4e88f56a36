import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { sovereignStateCodes } from 'virtual:sovereign-states';

countries.registerLocale(english);

/**
 * The world's sovereign states by their English names, alphabetically, then 'Other' (the spec's
 * list: about 195 countries, no territories).
 */
export const countryNames: readonly string[] = [
  ...sovereignStateCodes
    .map((code) => countries.getName(code, 'en', { select: 'official' }))
    .filter((name): name is string => Boolean(name))
    .sort((a, b) => a.localeCompare(b, 'en')),
  'Other',
];

/** The list's spelling of a free-text country (as a profile holds it), or '' if it is not listed. */
export function listedCountry(country: string | undefined): string {
  const wanted = country?.trim().toLowerCase();
  if (!wanted) return '';
  return countryNames.find((name) => name.toLowerCase() === wanted) ?? '';
}

/** A listed country's ISO 3166-1 alpha-2 code ('France' → 'FR'), as the API reads it for tax. */
export function countryCodeOf(name: string): string | undefined {
  return countries.getAlpha2Code(name.trim(), 'en');
}
