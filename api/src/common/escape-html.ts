/** Text placed inside an HTML e-mail: the five characters that could open markup, as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
