import type { z } from 'zod';
import type { EditedBlockName, LegalPageName } from './landing-blocks';
import {
  landingBlockSchemas,
  legalPageBodySchema,
  legalPageSettingsSchema,
  type LandingBlockSchemas,
  type LegalPageSettings,
} from './schemas';

/** A legal page's schemas: one shape, its own texts and what it says until an admin edits it. */
const legalPage = (
  noun: string,
  defaults: Omit<LegalPageSettings, 'isActive'>,
): LandingBlockSchemas & {
  settings: typeof legalPageSettingsSchema;
  body: typeof legalPageBodySchema;
  defaults: () => LegalPageSettings;
} => ({
  settings: legalPageSettingsSchema,
  body: legalPageBodySchema,
  label: `the ${noun.toLowerCase()}`,
  auditLabel: noun,
  messages: {
    read: `${noun} retrieved successfully`,
    updated: `${noun} updated successfully`,
    reset: `${noun} reset to default successfully`,
    toggled: noun,
  },
  defaults: () => ({ ...structuredClone(defaults), isActive: true }),
});

// The defaults are a starting point in plain words for the store as built (PayPal, Firebase
// sign-in, Google Gemini); the owner reviews them with their own counsel and edits them in
// Settings.
const CONTACT =
  'Write to us from the Contact page, or open a support ticket from your dashboard when you are signed in.';

/** The three legal pages, declared once like the landing blocks (see ./schemas.ts). */
export const legalPageSchemas = {
  privacy: legalPage('Privacy policy', {
    title: 'Privacy Policy',
    effectiveDate: '',
    intro:
      'This policy explains what ColdMail AI collects when you visit the site, create an account, buy credits and generate emails, why we collect it and what you can ask us to do with it.',
    sections: [
      {
        title: 'What we collect',
        body: 'Your account: your name, e-mail address and, if you add them, your phone number, address and profile picture.\n\nYour orders: the packages and items you buy, their amounts, their status and the PayPal transaction references. We never receive your card or bank details: PayPal handles the payment.\n\nYour generations: the details you enter in the generator (recipient, purpose, tone, instructions) and the emails it writes, kept in your history until you delete them.\n\nSupport: the tickets you open and the messages you send us through the Contact page.',
      },
      {
        title: 'How we use it',
        body: 'To run your account, to add the credits you pay for and keep their ledger, to generate the emails you ask for, to answer your tickets and messages, to send you receipts and notices about your orders, and to keep the service secure (for example by limiting abuse).',
      },
      {
        title: 'Who processes it for us',
        body: 'Google Firebase signs you in. PayPal processes payments. Google Gemini writes the emails from the details you give the generator. Our database and e-mail provider store and send what the service needs. Each processes your data only to provide its part of the service.',
      },
      {
        title: 'How long we keep it',
        body: 'Your account and generations as long as your account exists. Orders and their receipts as long as accounting law requires, also after you delete your account. Support messages as long as your account exists, to answer them and keep a record of the answer.',
      },
      {
        title: 'Your rights',
        body: `You may have a copy of your data, have it corrected or deleted, or object to how we use it. When you are signed in, Privacy & data in your dashboard’s menu downloads a copy of your data as one JSON file (your profile, orders, credit history, generated emails, support tickets and links to the images you uploaded) and deletes your account. ${CONTACT}`,
      },
      {
        title: 'Deleting your account',
        body: 'Deleting your account removes your sign-in, your profile and photo, your generated emails, your support tickets and the images you uploaded. Your remaining credit balance is forfeited.\n\nWe keep your orders and invoices, because accounting law requires us to: with the name and address on them, and your e-mail address removed from them.\n\nWe also keep a one-way hash of your e-mail address (a fingerprint from which the address cannot be read back), so that free trial credits are not given to the same address twice. Nothing else is kept with it.',
      },
    ],
  }),
  terms: legalPage('Terms of service', {
    title: 'Terms of Service',
    effectiveDate: '',
    intro:
      'These terms govern your use of ColdMail AI: the website, your account, the credits you buy and the email templates you generate. By creating an account or buying credits you accept them.',
    sections: [
      {
        title: 'Your account',
        body: 'You keep your sign-in details to yourself and are responsible for what is done with your account. We may suspend an account that breaks these terms.',
      },
      {
        title: 'Credits',
        body: 'Credits are bought in packages through PayPal at the price shown at checkout. Each generated email uses one credit. Credits are valid for the number of days stated on their package and cannot be exchanged for money except as the Refund Policy says.',
      },
      {
        title: 'Generated emails',
        body: 'The generator drafts emails from the details you give it. You review every email before you send it and you are responsible for sending it lawfully: follow the anti-spam and privacy laws that apply to you and your recipients.',
      },
      {
        title: 'Acceptable use',
        body: 'Do not use the service to write deceptive, harassing or unlawful messages, to impersonate others, or to attack or overload the service.',
      },
      {
        title: 'Liability',
        body: 'The service is provided as it is. We do our best to keep it available and accurate but do not guarantee replies to the emails you send.',
      },
      { title: 'Contact', body: CONTACT },
    ],
  }),
  refund: legalPage('Refund policy', {
    title: 'Refund Policy',
    effectiveDate: '',
    intro:
      'What happens when you want your money back for credits or a digital item bought from ColdMail AI.',
    sections: [
      {
        title: 'Unused credits',
        body: 'Ask within 14 days of your purchase and we refund a package whose credits you have not used. The refund goes back to your PayPal account and the package’s credits are removed from your balance.',
      },
      {
        title: 'Used credits and digital items',
        body: 'Credits already spent on generated emails, and digital items you have downloaded, are not refunded, except where the law gives you a right to it.',
      },
      {
        title: 'Payment problems',
        body: 'If you were charged twice or charged for an order that never completed, tell us and we refund the charge in full.',
      },
      {
        title: 'How to ask',
        body: `Include your order number (it starts with ORD-). ${CONTACT} We answer within two working days, and you get an e-mail when a refund is made.`,
      },
    ],
  }),
} as const satisfies { [Name in LegalPageName]: LandingBlockSchemas };

/** Every block an admin edits in Settings, with its schemas. */
export const editedBlockSchemas = { ...landingBlockSchemas, ...legalPageSchemas };

type EditedBlockTable = typeof editedBlockSchemas;
/** An edited block's settings, by name. */
export type EditedBlockSettings<Name extends EditedBlockName> = z.output<
  EditedBlockTable[Name]['settings']
>;
