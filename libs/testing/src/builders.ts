import type {
  ContactSettings,
  CreditPackage,
  FeaturesSettings,
  FooterSettings,
  GeminiKey,
  Item,
  ItemOrder,
  NavLogo,
  PackageOrder,
  PaypalSettings,
  PromoCode,
  SupportTicket,
  TaxRates,
  TicketPage,
  TicketSummary,
  UserRecord,
} from '@coldmail/contracts';
import { landingBlockSchemas } from '@coldmail/contracts';

// Each builder returns a valid record as the API sends it; a test overrides only the fields its
// assertion is about, so a change to the contract is made here once. The records belong
// together: the orders are for this package and item, placed by this user.

const timestamps = { createdAt: '2026-03-05T12:00:00.000Z', updatedAt: '2026-03-05T12:00:00.000Z' };

export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    _id: '630000000000000000000001',
    userName: 'Bea Buyer',
    userEmail: 'buyer@example.com',
    profileURL: null,
    userRole: 'member',
    userMembership: 'free',
    currentBalance: 5,
    aboutMe: '',
    address: '1 Main St',
    city: 'Berlin',
    country: 'germany',
    phone: '',
    messageLogs: [],
    ...timestamps,
    ...overrides,
  };
}

export function creditPackage(overrides: Partial<CreditPackage> = {}): CreditPackage {
  return {
    _id: '650000000000000000000001',
    packageName: 'Pro',
    price: 29,
    currency: 'USD',
    credit: 300,
    validity: 30,
    ...timestamps,
    ...overrides,
  };
}

export function item(overrides: Partial<Item> = {}): Item {
  return {
    _id: '640000000000000000000001',
    name: 'Cold Email Playbook',
    slug: 'cold-email-playbook',
    price: 15,
    currency: 'USD',
    ...timestamps,
    ...overrides,
  };
}

/** What both kinds of order carry while the default buyer has not paid yet. */
const pendingOrder = {
  processingFee: '0.00',
  paymentStatus: 'pending',
  orderStatus: 'pending',
  customerEmail: 'buyer@example.com',
  customerName: 'Bea Buyer',
  address: '1 Main St',
  country: 'Germany',
  orderDate: '05/03/2026',
  currency: 'USD',
  ...timestamps,
};

export function packageOrder(overrides: Partial<PackageOrder> = {}): PackageOrder {
  return {
    _id: '660000000000000000000001',
    orderId: 'ABCD1234',
    paymentId: 'PAYM1234',
    packageId: '650000000000000000000001',
    packageName: 'Pro',
    credit: 300,
    packagePrice: 29,
    totalPrice: '29.00',
    Validity: 30,
    ...pendingOrder,
    ...overrides,
  };
}

export function itemOrder(overrides: Partial<ItemOrder> = {}): ItemOrder {
  return {
    _id: '670000000000000000000001',
    orderId: 'ITEM0001',
    paymentId: 'PAYI0001',
    itemId: '640000000000000000000001',
    packageId: '640000000000000000000001',
    packageName: 'Cold Email Playbook',
    packagePrice: 15,
    totalPrice: '15.00',
    slug: 'cold-email-playbook',
    ...pendingOrder,
    ...overrides,
  };
}

export function paypalSettings(overrides: Partial<PaypalSettings> = {}): PaypalSettings {
  return {
    clientId: 'test-client-id',
    currency: 'USD',
    enablePayPal: true,
    buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'pay' },
    ...overrides,
  };
}

/** An admin-set header logo, active. */
export function navLogo(overrides: Partial<NavLogo> = {}): NavLogo {
  return {
    imageUrl: 'https://cdn.example.com/logo.png',
    altText: 'Acme Mail',
    linkUrl: '/',
    isActive: true,
    ...overrides,
  };
}

/** An active features block: a two-line title and one step, no decorative images. */
export function featuresSettings(overrides: Partial<FeaturesSettings> = {}): FeaturesSettings {
  return {
    title: 'Three steps\nto a sent email',
    subtitle: 'How it works',
    backgroundImage: '',
    circleTitleImage: '',
    arrowImage: '',
    barShapeImage: '',
    steps: [{ icon: '', title: 'Describe', description: 'Who and why' }],
    isActive: true,
    ...overrides,
  };
}

/** An active contact block whose button the admin has relabelled. */
export function contactSettings(overrides: Partial<ContactSettings> = {}): ContactSettings {
  return {
    title: 'Questions? We answer within a day',
    subtitle: 'Contact us',
    backgroundImage: '',
    starImage: '',
    contactImage: '',
    formTitle: 'Send us a message',
    buttonText: 'Ask us anything',
    isActive: true,
    ...overrides,
  };
}

/** An active footer with every part filled in. */
export function footerSettings(overrides: Partial<FooterSettings> = {}): FooterSettings {
  return {
    isActive: true,
    backgroundImage: '',
    logo: 'https://cdn.example.com/footer-logo.png',
    description: 'Cold emails that get replies.',
    companyLinks: {
      title: 'Company',
      links: [
        { text: 'Home', url: '/' },
        { text: 'About Us', url: '/about' },
        { text: 'Contact', url: '/contact' },
      ],
    },
    legalLinks: landingBlockSchemas.footer.defaults().legalLinks,
    contactInfo: { title: 'Get in touch', description: 'Write to us from the Contact page.' },
    socialLinks: { facebook: 'https://facebook.com/acme', twitter: '', linkedin: '', youtube: '' },
    copyrightText: '© 2026 Acme Mail',
    ...overrides,
  };
}

/** An active key that has never been used, as an admin sees it (masked). */
export function geminiKey(overrides: Partial<GeminiKey> = {}): GeminiKey {
  return {
    _id: '680000000000000000000001',
    name: 'Main key',
    key: 'AIzaSyAB...wxyz',
    isActive: true,
    status: 'active',
    coolingUntil: null,
    lastError: null,
    lastErrorAt: null,
    lastUsedAt: null,
    useCount: 0,
    tokenCount: 0,
    failureCount: 0,
    ...timestamps,
    ...overrides,
  };
}

/**
 * A code as an admin sees it: 10 % off every product, active, unused, with no limit or expiry;
 * `{ kind: 'fixed', amount, currency }` makes it an amount off instead.
 */
export function promoCode(overrides: Partial<PromoCode> = {}): PromoCode {
  const common = {
    _id: '690000000000000000000001',
    code: 'SAVE10',
    expiresAt: null,
    maxUses: null,
    oncePerBuyer: false,
    appliesTo: 'all' as const,
    paused: false,
    uses: 0,
    ...timestamps,
  };
  return overrides.kind === 'fixed'
    ? ({ ...common, kind: 'fixed', amount: 5, currency: 'USD', ...overrides } as PromoCode)
    : ({ ...common, kind: 'percent', percent: 10, ...overrides } as PromoCode);
}

/**
 * The store's tax rates as checkout reads them: prices without tax, and France's 20 % VAT the
 * only rate (the default buyer, in Germany, pays none).
 */
export function taxRates(overrides: Partial<TaxRates> = {}): TaxRates {
  return {
    pricesIncludeTax: false,
    rates: [{ country: 'FR', rate: 20, label: 'VAT' }],
    ...overrides,
  };
}

export function supportTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    _id: '660000000000000000000077',
    subject: 'Credits missing',
    message: 'I paid but my credits did not arrive.',
    ...timestamps,
    ticketStatus: 'open',
    priority: 'normal',
    ticketUserName: 'Ada Lovelace',
    ticketUserEmail: 'buyer@example.com',
    ticketUserProfileURL: null,
    ticketUserRole: 'user',
    phone: '',
    adminMessage: [],
    unread: false,
    ...overrides,
  };
}

/** A ticket as a list shows it (the API's summary of it). */
export function ticketSummary(ticket: SupportTicket): TicketSummary {
  const { message, adminMessage, phone: _phone, ...fields } = ticket;
  return {
    ...fields,
    lastEntry: adminMessage.at(-1) ?? {
      message,
      timestamp: ticket.createdAt,
      sender: 'user',
    },
    entryCount: 1 + adminMessage.length,
  };
}

/** One page of tickets, all of them on it unless told otherwise. */
export function ticketPage(
  tickets: SupportTicket[],
  { page = 1, pageSize = 20, total = tickets.length } = {},
): TicketPage {
  return { items: tickets.map(ticketSummary), total, page, pageSize };
}
