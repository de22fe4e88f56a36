import {
  editedBlockSchemas,
  landingBlockPaths,
  navLogoBodySchema,
  navLogoSchema,
  type EditedBlockName,
} from '@coldmail/contracts';
import type { z } from 'zod';

interface ContentBlock<Schema extends z.ZodType, Body extends z.ZodType> {
  /** The block's settings as the contract describes them. */
  schema: Schema;
  /** What an admin may save (the spec's validation). */
  body: Body;
  /** How the admin screens and the audit log name it. */
  label: string;
  /** What the block shows until an admin saves it; fields an admin never saved come from here. */
  defaults: () => z.output<Schema>;
}

const block = <Schema extends z.ZodType, Body extends z.ZodType>(
  schema: Schema,
  body: Body,
  label: string,
  defaults: () => z.output<Schema>,
): ContentBlock<Schema, Body> => ({ schema, body, label, defaults });

type EditedBlocks = typeof editedBlockSchemas;

/** The landing blocks and legal pages as content blocks, from their declaration in the contract. */
const editedBlocks = Object.fromEntries(
  Object.entries(editedBlockSchemas).map(([name, entry]) => [
    name,
    block(entry.settings, entry.body, entry.auditLabel, entry.defaults as () => never),
  ]),
) as {
  [Name in EditedBlockName]: ContentBlock<
    EditedBlocks[Name]['settings'],
    EditedBlocks[Name]['body']
  >;
};

/**
 * Every admin-edited content block, by name (the key it is stored under): the landing blocks
 * and the legal pages (declared in @coldmail/contracts, see its README, "Adding a landing
 * block") and the header logo.
 */
export const contentBlocks = {
  navLogo: block(navLogoSchema, navLogoBodySchema, 'Logo', () => ({
    imageUrl: '',
    altText: 'ColdMail AI',
    linkUrl: '/',
    isActive: false,
  })),
  ...editedBlocks,
};

export type ContentBlockName = keyof typeof contentBlocks;
export const contentBlockNames = Object.keys(contentBlocks) as ContentBlockName[];
export type ContentSettings<Name extends ContentBlockName> = z.output<
  (typeof contentBlocks)[Name]['schema']
>;

/** What the landing page's one read holds: the logo and the landing blocks, not the legal pages. */
export const landingReadNames = [
  'navLogo',
  ...Object.keys(landingBlockPaths),
] as ContentBlockName[];
