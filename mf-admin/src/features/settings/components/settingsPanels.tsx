import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import type { ReactNode } from 'react';
import type { PanelLinkState } from './openPanel';
import { GeminiKeysPanel } from '../../gemini-keys';
import { PackagesManager } from '../../packages';
import { PaypalSettingsPanel } from '../../paypal-settings';
import { AccountPanel } from './AccountPanel';
import styles from './Settings.module.css';
import {
  AboutPanel,
  BannerPanel,
  ContactPanel,
  HomeBannerPanel,
  FeaturesPanel,
  FooterPanel,
  LogoPanel,
  TestimonialPanel,
} from '../../content-editors/components/ContentPanels';

export interface SettingsPanel {
  id: string;
  /** The menu's text, as the spec names it. */
  label: string;
  render: () => ReactNode;
  /** False for a panel the menu does not list; it opens from a link elsewhere (see settingsLink). */
  inMenu?: false;
}

/**
 * The settings dashboard's menu, in the spec's order. A feature adds its editor as its entry's render.
 */
export const settingsPanels: readonly SettingsPanel[] = [
  { id: 'account', label: 'Account', render: () => <AccountPanel /> },
  { id: 'logo', label: 'Logo Update', render: () => <LogoPanel /> },
  { id: 'banner', label: 'Banner Section', render: () => <BannerPanel /> },
  {
    id: 'featured',
    label: 'Featured Section',
    render: () => <FeaturesPanel />,
  },
  { id: 'about', label: 'About Section', render: () => <AboutPanel /> },
  {
    id: 'testimonial',
    label: 'Testimonial Section',
    render: () => <TestimonialPanel />,
  },
  {
    id: 'contact',
    label: 'Contact Page Settings',
    render: () => <ContactPanel />,
  },
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
  { id: 'footer', label: 'Footer Section', render: () => <FooterPanel /> },
  { id: 'home-banner', label: 'Home Banner', render: () => <HomeBannerPanel />, inMenu: false },
];

export const initialPanel = (state: unknown): string => {
  const wanted = (state as Partial<PanelLinkState> | null)?.settingsPanel;
  return (
    settingsPanels.find((entry) => entry.id === wanted)?.id ?? settingsPanels[0]?.id ?? 'account'
  );
};
