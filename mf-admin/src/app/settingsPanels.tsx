import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { GeminiKeysPanel } from '../features/gemini-keys';
import { PackagesManager } from '../features/packages';
import { PaypalSettingsPanel } from '../features/paypal-settings';
import { AccountPanel } from '../features/settings/components/AccountPanel';
import { SettingsPage, type SettingsPanel } from '../features/settings/components/SettingsPage';
import styles from '../features/settings/components/Settings.module.css';
import {
  AboutPanel,
  BannerPanel,
  ContactPanel,
  HomeBannerPanel,
  FeaturesPanel,
  FooterPanel,
  LogoPanel,
  TestimonialPanel,
} from '../features/content-editors/components/ContentPanels';

/**
 * The settings dashboard's menu, in the spec's order: each feature's editor, composed here.
 */
const settingsPanels: readonly SettingsPanel[] = [
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

/** /admin/settings with every panel. */
export const SettingsScreen = () => <SettingsPage panels={settingsPanels} />;
