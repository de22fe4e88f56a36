import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

/** Every ISO 3166-1 country by its English name, alphabetically, then 'Other'. */
export const countryNames: readonly string[] = [
  ...Object.values(countries.getNames('en', { select: 'official' })).sort((a, b) =>
    a.localeCompare(b, 'en'),
  ),
  'Other',
];

/** The list's spelling of a free-text country (as a profile holds it), or '' if it is not listed. */
export function listedCountry(country: string | undefined): string {
  const wanted = country?.trim().toLowerCase();
  if (!wanted) return '';
  return countryNames.find((name) => name.toLowerCase() === wanted) ?? '';
}
