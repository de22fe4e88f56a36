import type {
  CreditPackage,
  ItemOrder,
  PackageOrder,
  PaypalSettings,
  UserRecord,
} from '@coldmail/contracts';

const timestamps = { createdAt: '2026-03-05T12:00:00.000Z', updatedAt: '2026-03-05T12:00:00.000Z' };

export function creditPackage(overrides: Partial<CreditPackage> = {}): CreditPackage {
  return {
    _id: '650000000000000000000001',
    packageName: 'Pro',
    price: 29,
    credit: 300,
    validity: 30,
    ...timestamps,
    ...overrides,
  };
}

export function packageOrder(overrides: Partial<PackageOrder> = {}): PackageOrder {
  return {
    _id: '660000000000000000000001',
    orderId: 'ABCD1234',
    paymentId: 'PAYM1234',
    packageId: '650000000000000000000001',
    packageName: 'Pro',
    credit: 300,
    packagePrice: 29,
    processingFee: '0.00',
    totalPrice: '29.00',
    Validity: 30,
    paymentStatus: 'pending',
    orderStatus: 'pending',
    customerEmail: 'buyer@example.com',
    customerName: 'Bea Buyer',
    address: '1 Main St',
    country: 'Germany',
    orderDate: '05/03/2026',
    ...timestamps,
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
    processingFee: '0.00',
    totalPrice: '15.00',
    paymentStatus: 'pending',
    orderStatus: 'pending',
    customerEmail: 'buyer@example.com',
    customerName: 'Bea Buyer',
    address: '1 Main St',
    country: 'Germany',
    orderDate: '05/03/2026',
    slug: 'cold-email-playbook',
    ...timestamps,
    ...overrides,
  };
}

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

export function paypalSettings(overrides: Partial<PaypalSettings> = {}): PaypalSettings {
  return {
    clientId: 'test-client-id',
    currency: 'USD',
    enablePayPal: true,
    buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'pay' },
    ...overrides,
  };
}
