import type { LegalPageName, LegalPageSettings } from '@coldmail/contracts';
import type { PageIdOf } from '@coldmail/registry/pages';

/** Which content block each legal page of the registry shows. */
export const legalPageBlocks = {
  privacy: 'privacy',
  terms: 'terms',
  refundPolicy: 'refund',
} as const satisfies Partial<Record<PageIdOf<'marketing'>, LegalPageName>>;

export type LegalPageId = keyof typeof legalPageBlocks;

export const isLegalPageId = (id: string | undefined): id is LegalPageId =>
  id !== undefined && id in legalPageBlocks;

/** The legal page's answer among a render's reads (its block's own read). */
export function legalPageRead(
  answerOf: (domain: string, name: string) => unknown,
  id: LegalPageId,
): LegalPageSettings | undefined {
  return (answerOf('content', legalPageBlocks[id]) as { data?: LegalPageSettings } | undefined)
    ?.data;
}
