import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { GeminiKeysPanel } from '../features/gemini-keys';
import { PackagesManager } from '../features/packages';
import { InvoiceSettingsPanel } from '../features/invoice-settings';
import { PaypalSettingsPanel } from '../features/paypal-settings';
import { AccountPanel } from '../features/settings/components/AccountPanel';
import { SettingsPage, type SettingsPanel } from '../features/settings/components/SettingsPage';
import styles from '../features/settings/components/Settings.module.css';
import { blockEditors, editableBlocks } from '../features/content-editors/components/blockEditors';
import { BlockPanel, HomeBannerPanel } from '../features/content-editors/components/ContentPanels';

/** The content blocks' panels, in their table's order: before or after the store's settings. */
const blockPanels = (afterStore: boolean): SettingsPanel[] =>
  editableBlocks
    .filter((block) => Boolean(blockEditors[block].menu.afterStore) === afterStore)
    .map((block) => ({
      id: blockEditors[block].menu.id,
      label: blockEditors[block].menu.label,
      render: () => <BlockPanel block={block} />,
    }));

/**
 * The settings dashboard's menu, in the spec's order: each feature's editor, composed here (the
 * content blocks' from their table, so a new block gets its panel and menu entry there).
 */
const settingsPanels: readonly SettingsPanel[] = [
  { id: 'account', label: 'Account', render: () => <AccountPanel /> },
  ...blockPanels(false),
  { id: 'gemini-keys', label: 'Gemini Keys', render: () => <GeminiKeysPanel /> },
  { id: 'paypal', label: 'Paypal Setup', render: () => <PaypalSettingsPanel /> },
  {
    id: 'packages',
    label: 'Packages',
    render: () => (
      <>
        {/* The same manager at an address of its own (/admin/packages), which nothing else links. */}
        <p className={styles.pageLink}>
          <Link to={paths.adminPackages}>Open Pricing Packages as a page of its own</Link>
        </p>
        <PackagesManager />
      </>
    ),
  },
  ...blockPanels(true),
  // Beyond the spec: the seller's details and the tax rates on invoices.
  { id: 'invoicing', label: 'Invoicing', render: () => <InvoiceSettingsPanel /> },
  { id: 'home-banner', label: 'Home Banner', render: () => <HomeBannerPanel />, inMenu: false },
];

/** /admin/settings with every panel. */
export const SettingsScreen = () => <SettingsPage panels={settingsPanels} />;
