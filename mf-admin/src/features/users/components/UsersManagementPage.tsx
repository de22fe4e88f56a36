import { Card, PageHeader } from '@coldmail/ui';
import { UsersDirectory } from './UsersDirectory';

/** /admin/users */
export function UsersManagementPage() {
  return (
    <section data-remote="admin" data-page="UsersManagementPage">
      <PageHeader title="Users Management" />
      <Card>
        <UsersDirectory />
      </Card>
    </section>
  );
}
