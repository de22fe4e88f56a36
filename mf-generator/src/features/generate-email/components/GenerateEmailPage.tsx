import { selectCredits, useSession } from '@coldmail/session';
import { Badge, PageHeader } from '@coldmail/ui';

export function GenerateEmailPage() {
  const credits = useSession(selectCredits);
  return (
    <section data-remote="generator" data-page="GenerateEmailPage">
      <PageHeader
        title="AI Email Template Generator"
        actions={
          credits !== null && (
            <Badge tone="info" data-testid="generator-credits">
              Credits: {credits}
            </Badge>
          )
        }
      />
    </section>
  );
}
