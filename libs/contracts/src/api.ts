import { z } from 'zod';
import { auditPageSchema, auditQuerySchema } from './audit';
import { defineContract } from './contract';
import { healthSchema, idParamSchema } from './common';
import { creditHistoryQuerySchema, creditHistorySchema } from './credits';
import {
  bannerStatsSchema,
  contentResponseSchema,
  landingBlockSchemas,
  landingContentSchema,
  navLogoBodySchema,
  navLogoResponseSchema,
  navLogoSchema,
  type ContentResponseSchema,
} from './content';
import { landingBlockPaths, type LandingBlockName } from './landing-blocks';
import {
  geminiKeyBodySchema,
  geminiKeyDeletedResponseSchema,
  geminiKeyListResponseSchema,
  geminiKeyResponseSchema,
  geminiKeyUpdateBodySchema,
} from './gemini-keys';
import { adminItemSchema, itemBodySchema, itemListSchema, itemResponseSchema } from './items';
import {
  deletedResponseSchema,
  itemOrderSchema,
  newItemOrderBodySchema,
  newOrderBodySchema,
  packageOrderSchema,
  verifyOrderResponseSchema,
} from './orders';
import { packageBodySchema, packageSchema } from './packages';
import {
  createPaypalOrderBodySchema,
  createPaypalOrderResponseSchema,
  itemPaymentResultSchema,
  packagePaymentResultSchema,
  paymentCompletionBodySchema,
  paypalSettingsBodySchema,
  paypalSettingsQuerySchema,
  paypalSettingsResponseSchema,
} from './payments';
import { routes } from './routes';
import {
  creditChangeResponseSchema,
  enhancePromptBodySchema,
  enhancePromptResponseSchema,
  generateEmailBodySchema,
  generatedEmailSchema,
  generationSchema,
  generatorAvailabilitySchema,
  refundCreditBodySchema,
} from './generator';
import { orderListQuerySchema, pageSchema, userListQuerySchema } from './paging';
import {
  newSupportMessageBodySchema,
  supportListQuerySchema,
  supportSummarySchema,
  supportTicketSchema,
  updateTicketBodySchema,
} from './support';
import { myUploadsSchema, uploadResponseSchema } from './uploads';
import {
  adminListEntrySchema,
  adminUserUpdateBodySchema,
  createUserBodySchema,
  deleteUserResponseSchema,
  profileUpdateBodySchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  userEmailQuerySchema,
  userRecordSchema,
} from './users';

const byId = { params: idParamSchema };

/**
 * The API: every endpoint's route (./routes.ts) with what it takes and answers. The API declares
 * its handlers from these entries, the apps call them through the typed client, and the tests'
 * stand-in API answers only what these schemas accept.
 */
export const contract = defineContract(routes, {
  health: {
    get: { summary: 'Liveness and dependencies', response: healthSchema },
    live: {
      summary: 'Liveness: the process serves HTTP (touches no dependency)',
      response: z.object({ status: z.literal('ok') }),
    },
    ready: {
      summary: 'Readiness: the database and sign-in answer (503 until they do)',
      response: healthSchema,
    },
  },
  users: {
    createOrSync: {
      summary: 'Creates or syncs the caller’s record after sign-in and registration',
      body: createUserBodySchema,
      response: userRecordSchema,
    },
    list: {
      summary: 'Every user (admins), or the caller’s own record with ?userEmail=',
      query: userEmailQuerySchema,
      response: z.array(userRecordSchema),
    },
    adminList: {
      summary: 'One page of the user directory: search, sort and page on the server',
      query: userListQuerySchema,
      response: pageSchema(userRecordSchema),
    },
    admins: {
      summary: 'The admins, for the Admin Panel link',
      response: z.array(adminListEntrySchema),
    },
    updateProfile: {
      summary: 'The caller’s own profile fields',
      ...byId,
      body: profileUpdateBodySchema,
      response: userRecordSchema,
    },
    adminUpdate: {
      summary: 'Name, role, membership and credit balance (the balance through the ledger)',
      ...byId,
      body: adminUserUpdateBodySchema,
      response: userRecordSchema,
    },
    delete: { summary: 'Deletes a user', ...byId, response: deleteUserResponseSchema },
  },
  messages: {
    send: {
      summary: 'E-mails a user (HTML sanitised) and keeps a copy on their record',
      body: sendMessageBodySchema,
      response: sendMessageResponseSchema,
    },
  },
  uploads: {
    upload: {
      summary: 'Stores an image (multipart field "image", at most 2 MB)',
      response: uploadResponseSchema,
    },
    file: {
      summary: 'An uploaded image (bytes, with its content type)',
      ...byId,
      response: z.unknown(),
    },
    mine: {
      summary: 'The caller’s uploaded images and how much of their storage quota they use',
      response: myUploadsSchema,
    },
    delete: {
      summary: 'Deletes an uploaded image (its uploader or an admin)',
      ...byId,
      response: deletedResponseSchema,
    },
  },
  packages: {
    list: { summary: 'Every credit package', response: z.array(packageSchema) },
    get: { summary: 'One credit package', ...byId, response: packageSchema },
    add: {
      summary: 'Adds a package (409 beyond 3)',
      body: packageBodySchema,
      response: packageSchema,
    },
    edit: { summary: 'Edits a package', ...byId, body: packageBodySchema, response: packageSchema },
    delete: { summary: 'Deletes a package', ...byId, response: deletedResponseSchema },
  },
  items: {
    list: { summary: 'Every digital item; access URLs for admins only', response: itemListSchema },
    get: { summary: 'One digital item', ...byId, response: itemResponseSchema },
    create: { summary: 'Adds an item', body: itemBodySchema, response: adminItemSchema },
    update: { summary: 'Edits an item', ...byId, body: itemBodySchema, response: adminItemSchema },
    delete: { summary: 'Deletes an item', ...byId, response: deletedResponseSchema },
  },
  packageOrders: {
    create: {
      summary: 'Orders a package, priced from the stored package (Sellers 403)',
      body: newOrderBodySchema,
      response: packageOrderSchema,
    },
    list: {
      summary: 'The caller’s package orders, or anyone’s for admins',
      query: userEmailQuerySchema,
      response: z.array(packageOrderSchema),
    },
    get: { summary: 'One package order', ...byId, response: packageOrderSchema },
    delete: {
      summary: 'Deletes a pending package order',
      ...byId,
      response: deletedResponseSchema,
    },
    adminList: {
      summary: 'One page of every package order: search, sort and page on the server',
      query: orderListQuerySchema,
      response: pageSchema(packageOrderSchema),
    },
    refund: {
      summary: 'Refunds a paid package order in full at PayPal and takes its credits back',
      ...byId,
      response: packageOrderSchema,
    },
  },
  itemOrders: {
    create: {
      summary: 'Orders a digital item, priced from the stored item (Sellers 403)',
      body: newItemOrderBodySchema,
      response: itemOrderSchema,
    },
    list: {
      summary: 'The caller’s item orders, or anyone’s for admins',
      query: userEmailQuerySchema,
      response: z.array(itemOrderSchema),
    },
    get: { summary: 'One item order', ...byId, response: itemOrderSchema },
    verify: {
      summary: 'Whether an item order’s payment is captured',
      ...byId,
      response: verifyOrderResponseSchema,
    },
    delete: { summary: 'Deletes a pending item order', ...byId, response: deletedResponseSchema },
    adminList: {
      summary: 'One page of every item order: search, sort and page on the server',
      query: orderListQuerySchema,
      response: pageSchema(itemOrderSchema),
    },
    refund: {
      summary: 'Refunds a paid item order in full at PayPal and withdraws its access link',
      ...byId,
      response: itemOrderSchema,
    },
  },
  payments: {
    createPaypalOrder: {
      summary: 'Creates the PayPal order for the caller’s pending order',
      body: createPaypalOrderBodySchema,
      response: createPaypalOrderResponseSchema,
    },
    completePackage: {
      summary: 'Captures and verifies a package order’s payment, then credits the buyer',
      ...byId,
      body: paymentCompletionBodySchema,
      response: packagePaymentResultSchema,
    },
    completeItem: {
      summary: 'Captures and verifies an item order’s payment',
      ...byId,
      body: paymentCompletionBodySchema,
      response: itemPaymentResultSchema,
    },
    webhook: {
      summary: 'PayPal’s signed notifications, verified with PayPal before anything is read',
      response: z.object({ received: z.literal(true) }),
    },
  },
  credits: {
    history: {
      summary: 'The caller’s credit history, newest first; admins may ask for anyone’s (?userId=)',
      query: creditHistoryQuerySchema,
      response: creditHistorySchema,
    },
  },
  content: {
    navLogo: {
      summary: 'The header logo (inactive: the site’s own logo shows)',
      response: navLogoResponseSchema,
    },
    navLogoUpdate: {
      summary: 'Saves the header logo',
      body: navLogoBodySchema,
      response: contentResponseSchema(navLogoSchema),
    },
    landing: {
      summary: 'Every landing-page block in one read (an inactive block is null)',
      response: landingContentSchema,
    },
    ...blockSchemas(),
    bannerStats: {
      summary: 'Whether the banner is active and has a video and an image, and when it changed',
      response: z.object({ success: z.literal(true), data: bannerStatsSchema }),
    },
  },
  paypalSettings: {
    get: {
      summary:
        'What the payment buttons need; admins also get mode and the masked secret (not with view=payments)',
      query: paypalSettingsQuerySchema,
      response: paypalSettingsResponseSchema,
    },
    update: {
      summary: 'Saves the PayPal settings (the secret is write-only)',
      body: paypalSettingsBodySchema,
      response: paypalSettingsResponseSchema,
    },
    reset: {
      summary: 'Restores the default PayPal settings',
      response: paypalSettingsResponseSchema,
    },
  },
  geminiKeys: {
    list: {
      summary: 'The Gemini API keys, masked, with each key’s state in the pool',
      response: geminiKeyListResponseSchema,
    },
    create: {
      summary: 'Adds a Gemini API key (stored encrypted)',
      body: geminiKeyBodySchema,
      response: geminiKeyResponseSchema,
    },
    update: {
      summary: 'Edits a key; an empty or masked key keeps the stored one',
      ...byId,
      body: geminiKeyUpdateBodySchema,
      response: geminiKeyResponseSchema,
    },
    delete: { summary: 'Deletes a key', ...byId, response: geminiKeyDeletedResponseSchema },
    toggle: {
      summary: 'Switches a key on or off; switching it on clears its failures',
      ...byId,
      response: geminiKeyResponseSchema,
    },
  },
  support: {
    create: {
      summary: 'A visitor’s contact message or a user’s new ticket (opened as a ticket)',
      body: newSupportMessageBodySchema,
      response: supportTicketSchema,
    },
    list: {
      summary: 'The caller’s tickets, or every ticket for admins (newest first)',
      query: supportListQuerySchema,
      response: z.array(supportTicketSchema),
    },
    get: {
      summary: 'One ticket with its conversation (its user or an admin); marks it read',
      ...byId,
      response: supportTicketSchema,
    },
    update: {
      summary: 'Replies to a ticket (the new entry only) and, for admins, sets its status',
      ...byId,
      body: updateTicketBodySchema,
      response: supportTicketSchema,
    },
    summary: {
      summary: 'Ticket counts for the admin dashboard: total, open, in progress, unread',
      response: supportSummarySchema,
    },
  },
  generator: {
    generate: {
      summary: 'Generates an email for one credit (refunded if generation fails)',
      body: generateEmailBodySchema,
      response: generatedEmailSchema,
    },
    availability: {
      summary: 'Whether a generation could get an AI key now (no key is shown)',
      response: generatorAvailabilitySchema,
    },
    generateStream: {
      summary:
        'The same, streamed as server-sent events: chunk events as the model writes, then done',
      body: generateEmailBodySchema,
      // The done event's data: the email as POST /api/generate-email answers it.
      response: generatedEmailSchema,
    },
    enhancePrompt: {
      summary: 'Rewrites a custom prompt into a fuller one (free)',
      body: enhancePromptBodySchema,
      response: enhancePromptResponseSchema,
    },
    deductCredit: {
      summary: 'Takes one credit from the caller for a generation the client runs itself',
      response: creditChangeResponseSchema,
    },
    refundCredit: {
      summary: 'Gives back the credit of the caller’s generation that failed (once)',
      body: refundCreditBodySchema,
      response: creditChangeResponseSchema,
    },
    history: {
      summary: 'The caller’s generated emails, newest first',
      response: z.array(generationSchema),
    },
    deleteGeneration: {
      summary: 'Deletes one of the caller’s generated emails',
      ...byId,
      response: deletedResponseSchema,
    },
  },
  audit: {
    list: {
      summary: 'Every admin change (who, what, before/after, when), newest first, filtered',
      query: auditQuerySchema,
      response: auditPageSchema,
    },
  },
});

export type ApiContract = typeof contract;

type BlockTable = typeof landingBlockSchemas;
type BlockAnswer<Name extends LandingBlockName> = ContentResponseSchema<
  BlockTable[Name]['settings']
>;
interface Answering<Response> {
  readonly summary: string;
  readonly response: Response;
}

/** The schemas of every block's routes (see blockRoutes), from landingBlockSchemas. */
type BlockSchemas = { readonly [Name in LandingBlockName]: Answering<BlockAnswer<Name>> } & {
  readonly [Name in LandingBlockName as `${Name}Update`]: Answering<BlockAnswer<Name>> & {
    readonly body: BlockTable[Name]['body'];
  };
} & {
  readonly [Name in LandingBlockName as `${Name}Toggle` | `${Name}Reset`]: Answering<
    BlockAnswer<Name>
  >;
} & {
  readonly [
    Name in LandingBlockName as (typeof landingBlockPaths)[Name] extends {
      specResetPath: string;
    }
      ? `${Name}ResetApi`
      : never
  ]: Answering<BlockAnswer<Name>>;
};

function blockSchemas(): BlockSchemas {
  const entries: Record<string, Answering<z.ZodType> & { body?: z.ZodType }> = {};
  for (const [name, { settings, body, label }] of Object.entries(landingBlockSchemas)) {
    const response = contentResponseSchema(settings);
    entries[name] = { summary: `${capitalised(label)} as the page shows it`, response };
    entries[`${name}Update`] = { summary: `Saves ${label}`, body, response };
    entries[`${name}Toggle`] = { summary: `Shows or hides ${label}`, response };
    entries[`${name}Reset`] = { summary: `Restores the defaults of ${label}`, response };
    if ('specResetPath' in landingBlockPaths[name as LandingBlockName]) {
      entries[`${name}ResetApi`] = {
        summary: `Restores the defaults of ${label} (also at the spec's path, without /api)`,
        response,
      };
    }
  }
  return entries as unknown as BlockSchemas;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
