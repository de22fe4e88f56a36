import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OutgoingMail } from '../mailer.service';

/** The doctype React Email's own render() writes: what e-mail clients handle best. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A message from its template: the HTML and the plain-text part (for clients that show text),
 * both from the same component, so they never say different things. React escapes every value.
 * The templates are synchronous, so React's static renderer does what React Email's render()
 * does (which loads react-dom/server with a dynamic import, refused inside jest's VM).
 */
export function renderMail(to: string, subject: string, template: ReactElement): OutgoingMail {
  const html = `${DOCTYPE}${renderToStaticMarkup(template)}`;
  return { to, subject, html, text: toPlainText(html) };
}
