import { z } from 'zod';
import { auditPageSchema, auditQuerySchema } from './audit';
import { defineContract } from './contract';
import { healthSchema, idParamSchema } from './common';
import { creditHistoryQuerySchema, creditHistorySchema } from './credits';
import {
  aboutBodySchema,
  aboutSettingsSchema,
  bannerBodySchema,
  bannerSettingsSchema,
  bannerStatsSchema,
  contactBodySchema,
  contactSettingsSchema,
  contentResponseSchema,
  featuresBodySchema,
  featuresSettingsSchema,
  footerBodySchema,
  footerResponseSchema,
  footerSettingsSchema,
  landingContentSchema,
  navLogoBodySchema,
  navLogoResponseSchema,
  navLogoSchema,
  testimonialBodySchema,
  testimonialSettingsSchema,
} from './content';
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
    get: { response: healthSchema },
    live: { response: z.object({ status: z.literal('ok') }) },
    ready: { response: healthSchema },
  },
  users: {
    createOrSync: { body: createUserBodySchema, response: userRecordSchema },
    list: { query: userEmailQuerySchema, response: z.array(userRecordSchema) },
    adminList: { query: userListQuerySchema, response: pageSchema(userRecordSchema) },
    admins: { response: z.array(adminListEntrySchema) },
    updateProfile: { ...byId, body: profileUpdateBodySchema, response: userRecordSchema },
    adminUpdate: { ...byId, body: adminUserUpdateBodySchema, response: userRecordSchema },
    delete: { ...byId, response: deleteUserResponseSchema },
  },
  messages: { send: { body: sendMessageBodySchema, response: sendMessageResponseSchema } },
  uploads: {
    upload: { response: uploadResponseSchema },
    file: { ...byId, response: z.unknown() },
    mine: { response: myUploadsSchema },
    delete: { ...byId, response: deletedResponseSchema },
  },
  packages: {
    list: { response: z.array(packageSchema) },
    get: { ...byId, response: packageSchema },
    add: { body: packageBodySchema, response: packageSchema },
    edit: { ...byId, body: packageBodySchema, response: packageSchema },
    delete: { ...byId, response: deletedResponseSchema },
  },
  items: {
    list: { response: itemListSchema },
    get: { ...byId, response: itemResponseSchema },
    create: { body: itemBodySchema, response: adminItemSchema },
    update: { ...byId, body: itemBodySchema, response: adminItemSchema },
    delete: { ...byId, response: deletedResponseSchema },
  },
  packageOrders: {
    create: { body: newOrderBodySchema, response: packageOrderSchema },
    list: { query: userEmailQuerySchema, response: z.array(packageOrderSchema) },
    get: { ...byId, response: packageOrderSchema },
    delete: { ...byId, response: deletedResponseSchema },
    adminList: { query: orderListQuerySchema, response: pageSchema(packageOrderSchema) },
    refund: { ...byId, response: packageOrderSchema },
  },
  itemOrders: {
    create: { body: newItemOrderBodySchema, response: itemOrderSchema },
    list: { query: userEmailQuerySchema, response: z.array(itemOrderSchema) },
    get: { ...byId, response: itemOrderSchema },
    verify: { ...byId, response: verifyOrderResponseSchema },
    delete: { ...byId, response: deletedResponseSchema },
    adminList: { query: orderListQuerySchema, response: pageSchema(itemOrderSchema) },
    refund: { ...byId, response: itemOrderSchema },
  },
  payments: {
    createPaypalOrder: {
      body: createPaypalOrderBodySchema,
      response: createPaypalOrderResponseSchema,
    },
    completePackage: {
      ...byId,
      body: paymentCompletionBodySchema,
      response: packagePaymentResultSchema,
    },
    completeItem: { ...byId, body: paymentCompletionBodySchema, response: itemPaymentResultSchema },
    webhook: { response: z.object({ received: z.literal(true) }) },
  },
  credits: { history: { query: creditHistoryQuerySchema, response: creditHistorySchema } },
  content: {
    navLogo: { response: navLogoResponseSchema },
    navLogoUpdate: { body: navLogoBodySchema, response: contentResponseSchema(navLogoSchema) },
    landing: { response: landingContentSchema },
    banner: { response: contentResponseSchema(bannerSettingsSchema) },
    bannerUpdate: { body: bannerBodySchema, response: contentResponseSchema(bannerSettingsSchema) },
    bannerToggle: { response: contentResponseSchema(bannerSettingsSchema) },
    bannerReset: { response: contentResponseSchema(bannerSettingsSchema) },
    bannerStats: { response: z.object({ success: z.literal(true), data: bannerStatsSchema }) },
    features: { response: contentResponseSchema(featuresSettingsSchema) },
    featuresUpdate: {
      body: featuresBodySchema,
      response: contentResponseSchema(featuresSettingsSchema),
    },
    featuresToggle: { response: contentResponseSchema(featuresSettingsSchema) },
    featuresReset: { response: contentResponseSchema(featuresSettingsSchema) },
    about: { response: contentResponseSchema(aboutSettingsSchema) },
    aboutUpdate: { body: aboutBodySchema, response: contentResponseSchema(aboutSettingsSchema) },
    aboutToggle: { response: contentResponseSchema(aboutSettingsSchema) },
    aboutReset: { response: contentResponseSchema(aboutSettingsSchema) },
    aboutResetApi: { response: contentResponseSchema(aboutSettingsSchema) },
    testimonial: { response: contentResponseSchema(testimonialSettingsSchema) },
    testimonialUpdate: {
      body: testimonialBodySchema,
      response: contentResponseSchema(testimonialSettingsSchema),
    },
    testimonialToggle: { response: contentResponseSchema(testimonialSettingsSchema) },
    testimonialReset: { response: contentResponseSchema(testimonialSettingsSchema) },
    contact: { response: contentResponseSchema(contactSettingsSchema) },
    contactUpdate: {
      body: contactBodySchema,
      response: contentResponseSchema(contactSettingsSchema),
    },
    contactToggle: { response: contentResponseSchema(contactSettingsSchema) },
    contactReset: { response: contentResponseSchema(contactSettingsSchema) },
    footer: { response: footerResponseSchema },
    footerUpdate: { body: footerBodySchema, response: contentResponseSchema(footerSettingsSchema) },
    footerToggle: { response: contentResponseSchema(footerSettingsSchema) },
    footerReset: { response: contentResponseSchema(footerSettingsSchema) },
  },
  paypalSettings: {
    get: { response: paypalSettingsResponseSchema },
    update: { body: paypalSettingsBodySchema, response: paypalSettingsResponseSchema },
    reset: { response: paypalSettingsResponseSchema },
  },
  geminiKeys: {
    list: { response: geminiKeyListResponseSchema },
    create: { body: geminiKeyBodySchema, response: geminiKeyResponseSchema },
    update: { ...byId, body: geminiKeyUpdateBodySchema, response: geminiKeyResponseSchema },
    delete: { ...byId, response: geminiKeyDeletedResponseSchema },
    toggle: { ...byId, response: geminiKeyResponseSchema },
  },
  support: {
    create: { body: newSupportMessageBodySchema, response: supportTicketSchema },
    list: { query: supportListQuerySchema, response: z.array(supportTicketSchema) },
    get: { ...byId, response: supportTicketSchema },
    update: { ...byId, body: updateTicketBodySchema, response: supportTicketSchema },
    summary: { response: supportSummarySchema },
  },
  generator: {
    generate: { body: generateEmailBodySchema, response: generatedEmailSchema },
    generateStream: { body: generateEmailBodySchema, response: z.unknown() },
    enhancePrompt: { body: enhancePromptBodySchema, response: enhancePromptResponseSchema },
    deductCredit: { response: creditChangeResponseSchema },
    refundCredit: { body: refundCreditBodySchema, response: creditChangeResponseSchema },
    history: { response: z.array(generationSchema) },
    deleteGeneration: { ...byId, response: deletedResponseSchema },
  },
  audit: { list: { query: auditQuerySchema, response: auditPageSchema } },
});

export type ApiContract = typeof contract;
