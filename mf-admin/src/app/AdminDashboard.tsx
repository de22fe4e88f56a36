import { AdminDashboardPage } from '../features/dashboard/components/AdminDashboardPage';
import { PackagesManager } from '../features/packages';
import { UsersDirectory } from '../features/users/components/UsersDirectory';

/** /admin/dashboard: the overview, with the packages' manager and the users' directory. */
export const AdminDashboard = () => (
  <AdminDashboardPage packages={<PackagesManager />} directory={<UsersDirectory />} />
);
