import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { api } from '@coldmail/session';
import { Card, Icon, PageHeader } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import type { ReactNode } from 'react';
import { openPanel } from '../../../utils/openPanel';
import { RemoteReleasesPanel } from './RemoteReleasesPanel';
import { StatsPanel } from './StatsPanel';
import styles from './AdminDashboard.module.css';

/** Totals only: one row per list is enough for the server to count them all. */
const COUNT_ONLY = { page: 1, pageSize: 1 };

/** /admin/dashboard — tiles with live totals, the packages manager and the users directory. */
interface AdminDashboardProps {
  /** The pricing packages' manager, composed in by the app (another feature's). */
  packages: ReactNode;
  /** The users' directory, composed in by the app. */
  directory: ReactNode;
}

export function AdminDashboardPage({ packages, directory }: AdminDashboardProps) {
  const orders = useQuery(api.packageOrders.adminList.query({ query: COUNT_ONLY }));
  const users = useQuery(api.users.adminList.query({ query: COUNT_ONLY }));
  const support = useQuery({ ...api.support.summary.query(), refetchInterval: 30_000 });
  const banner = useQuery(api.content.bannerStats.query());
  const count = (value: number | undefined, failed: boolean) =>
    failed ? '—' : value === undefined ? '…' : String(value);

  const tiles: {
    to: string;
    title: string;
    value: ReactNode;
    note?: string;
    state?: ReturnType<typeof openPanel>;
  }[] = [
    {
      to: paths.adminOrders,
      title: 'Total Orders',
      value: count(orders.data?.total, orders.isError),
    },
    { to: paths.adminUsers, title: 'Total Users', value: count(users.data?.total, users.isError) },
    {
      to: paths.adminSupportMessages,
      title: 'Support Messages',
      value: count(support.data?.unread, support.isError),
      note: support.data ? `unread · ${support.data.open} open` : 'unread',
    },
    {
      to: paths.adminSettings,
      title: 'Home Banner',
      value: banner.isError
        ? '—'
        : banner.data
          ? banner.data.data.isActive
            ? 'Shown'
            : 'Hidden'
          : '…',
      note: 'Edit the landing page’s banner',
      state: openPanel('home-banner'),
    },
    {
      to: paths.adminSettings,
      title: 'Settings',
      // The same icon as the sidebar's Settings entry; the tile's title names it.
      value: <Icon name="settings" size={32} />,
      note: 'Content, payments, keys',
    },
  ];

  return (
    <section className={styles.page} data-remote="admin" data-page="AdminDashboardPage">
      <PageHeader title="Admin Dashboard" />
      <StatsPanel />
      <ul className={styles.tiles} aria-label="Overview">
        {tiles.map((tile) => (
          <li key={tile.title}>
            <Link className={styles.tile} to={tile.to} state={tile.state}>
              <span className={styles.tileTitle}>{tile.title}</span>
              <span className={styles.tileValue}>{tile.value}</span>
              {tile.note && <span className={styles.tileNote}>{tile.note}</span>}
            </Link>
          </li>
        ))}
      </ul>
      <Card title="Pricing Packages">{packages}</Card>
      <Card title="Users">{directory}</Card>
      <RemoteReleasesPanel />
    </section>
  );
}
