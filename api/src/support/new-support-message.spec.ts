import type { SupportTicket } from '@coldmail/contracts';
import {
  call,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from '../../test/support/test-api';

type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

let api: TestApi;
let ada: Persona;

beforeAll(async () => {
  api = await startTestApi();
  ada = await signUp(api, 'ada');
});
afterAll(() => api.close());

const tickets = () => api.db.collection('supportTickets');

/** The landing page's contact form, as a visitor sends it. */
const contact = (fields: Record<string, unknown>) =>
  call<SupportTicket & ErrorBody>(api, 'POST', '/new-support-message', {
    json: {
      ticketUserName: 'Vera Visitor',
      ticketUserEmail: `vera-${unique()}@example.com`,
      phone: '+33 1 23 45 67 89',
      subject: 'Pricing question',
      message: 'Do credits expire?',
      ...fields,
    },
  });

describe('POST /new-support-message: the contact form’s phone number', () => {
  it('is stored with a visitor’s ticket', async () => {
    const created = await contact({ phone: ' +33 1 23 45 67 89 ' });
    expect(created.status).toBe(201);
    expect(created.body.phone).toBe('+33 1 23 45 67 89');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['only markup', '<b></b>'],
  ])('is required from a visitor: %s is a 400 that stores nothing', async (_case, phone) => {
    const before = await tickets().countDocuments();
    const refused = await contact({ phone });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ phone: 'Phone is required' });
    expect(await tickets().countDocuments()).toBe(before);
  });

  it('is at most 40 characters, like the other fields are bounded', async () => {
    const before = await tickets().countDocuments();
    expect((await contact({ phone: '1'.repeat(40) })).status).toBe(201);
    const refused = await contact({ phone: '1'.repeat(41) });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toHaveProperty('phone');
    expect(await tickets().countDocuments()).toBe(before + 1);
  });

  it('is named with the other missing fields in one answer', async () => {
    const refused = await contact({ ticketUserName: ' ', phone: undefined });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      ticketUserName: 'Name is required',
      phone: 'Phone is required',
    });
  });

  it('is not asked of a signed-in user’s Create Support Ticket (subject and message only)', async () => {
    const created = await call<SupportTicket>(api, 'POST', '/new-support-message', {
      token: ada.token,
      json: { subject: 'Help with my order', message: 'My credits did not arrive.' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ticketUserEmail: ada.email, phone: '' });
  });
});
