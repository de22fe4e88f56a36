// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { editedBlockPaths, type EditedBlockName } from './landing-blocks';
import { editedBlockSchemas } from './legal-pages';
import {
  type ContentResponseSchema,
  bannerStatsSchema,
  contentResponseSchema,
  landingContentSchema,
  navLogoBodySchema,
  navLogoResponseSchema,
  navLogoSchema,
} from './schemas';
import { z } from 'zod';
import { type EndpointSchemasOf } from '../contract';
import { type contentRoutes } from './routes';

export const contentEndpoints = {
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
} satisfies EndpointSchemasOf<typeof contentRoutes>;

type BlockTable = typeof editedBlockSchemas;
type BlockAnswer<Name extends EditedBlockName> = ContentResponseSchema<
  BlockTable[Name]['settings']
>;
interface Answering<Response> {
  readonly summary: string;
  readonly response: Response;
}

/** The schemas of every block's routes (see blockRoutes), from editedBlockSchemas. */
type BlockSchemas = { readonly [Name in EditedBlockName]: Answering<BlockAnswer<Name>> } & {
  readonly [Name in EditedBlockName as `${Name}Update`]: Answering<BlockAnswer<Name>> & {
    readonly body: BlockTable[Name]['body'];
  };
} & {
  readonly [Name in EditedBlockName as `${Name}Toggle` | `${Name}Reset`]: Answering<
    BlockAnswer<Name>
  >;
} & {
  readonly [
    Name in EditedBlockName as (typeof editedBlockPaths)[Name] extends {
      specResetPath: string;
    }
      ? `${Name}ResetApi`
      : never
  ]: Answering<BlockAnswer<Name>>;
};

function blockSchemas(): BlockSchemas {
  const entries: Record<string, Answering<z.ZodType> & { body?: z.ZodType }> = {};
  for (const [name, { settings, body, label }] of Object.entries(editedBlockSchemas)) {
    const response = contentResponseSchema(settings);
    entries[name] = { summary: `${capitalised(label)} as the page shows it`, response };
    entries[`${name}Update`] = { summary: `Saves ${label}`, body, response };
    entries[`${name}Toggle`] = { summary: `Shows or hides ${label}`, response };
    entries[`${name}Reset`] = { summary: `Restores the defaults of ${label}`, response };
    if ('specResetPath' in editedBlockPaths[name as EditedBlockName]) {
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
