import type { ItemBody, PackageBody } from '@coldmail/contracts';

/** Development-only store contents, so the landing page and checkout have something to sell. */
export const DEMO_PACKAGES: readonly PackageBody[] = [
  {
    packageName: 'Starter',
    price: 9.99,
    credit: 50,
    validity: 30,
    pointOne: '50 AI email templates',
    pointTwo: 'All tones',
    pointThree: 'Valid for 30 days',
  },
  {
    packageName: 'Professional',
    price: 24.99,
    credit: 200,
    validity: 90,
    pointOne: '200 AI email templates',
    pointTwo: 'All tones and prompt enhancement',
    pointThree: 'Valid for 90 days',
    pointFour: 'Priority support',
  },
  {
    packageName: 'Agency',
    price: 79,
    credit: 1000,
    validity: 365,
    pointOne: '1000 AI email templates',
    pointTwo: 'All tones and prompt enhancement',
    pointThree: 'Valid for a year',
    pointFour: 'Priority support',
  },
];

export const DEMO_ITEMS: readonly ItemBody[] = [
  {
    name: 'Cold Outreach Playbook',
    slug: 'cold-outreach-playbook',
    price: 19,
    guidelines: 'A PDF guide with 30 proven cold-email sequences. Download link after payment.',
    accessUrl: 'https://example.com/downloads/cold-outreach-playbook.pdf',
  },
  {
    name: 'Follow-up Template Pack',
    slug: 'follow-up-template-pack',
    price: 12.5,
    guidelines: 'Fifty follow-up templates for every stage of a sales conversation.',
    accessUrl: 'https://example.com/downloads/follow-up-template-pack.zip',
  },
  {
    name: 'Subject Line Swipe File',
    slug: 'subject-line-swipe-file',
    price: 7,
    guidelines: 'Two hundred subject lines sorted by tone and open rate.',
    accessUrl: 'https://example.com/downloads/subject-line-swipe-file.pdf',
  },
];
