import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

/** Every country a tax rate can name: its ISO code, by its English name, alphabetically. */
export const countryOptions = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));
