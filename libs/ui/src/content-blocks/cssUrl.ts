/** A CSS `url()` for a stored URL, quoted so that no character in it can end the value early. */
export function cssUrl(url: string): string {
  return `url(${JSON.stringify(url)})`;
}
