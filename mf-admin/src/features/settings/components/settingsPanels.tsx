import type { ReactNode } from 'react';
import { GeminiKeysPanel } from '../../gemini-keys';
import { PackagesManager } from '../../packages';
import { PaypalSettingsPanel } from '../../paypal-settings';
import { AccountPanel } from './AccountPanel';
import { ComingPanel } from './ComingPanel';

export interface SettingsPanel {
  id: string;
  /** The menu's text, as the spec names it. */
  label: string;
  render: () => ReactNode;
}

/**
 * The settings dashboard's menu, in the spec's order. A feature adds its editor by replacing its
 * entry's render; the landing-content editors arrive with the content work.
 */
export const settingsPanels: readonly SettingsPanel[] = [
  { id: 'account', label: 'Account', render: () => <AccountPanel /> },
  { id: 'logo', label: 'Logo Update', render: () => <ComingPanel what="The logo editor" /> },
  { id: 'banner', label: 'Banner Section', render: () => <ComingPanel what="The banner editor" /> },
  {
    id: 'featured',
    label: 'Featured Section',
    render: () => <ComingPanel what="The featured section editor" />,
  },
  { id: 'about', label: 'About Section', render: () => <ComingPanel what="The about editor" /> },
  {
    id: 'testimonial',
    label: 'Testimonial Section',
    render: () => <ComingPanel what="The testimonial editor" />,
  },
  {
    id: 'contact',
    label: 'Contact Page Settings',
    render: () => <ComingPanel what="The contact section editor" />,
  },
  { id: 'gemini-keys', label: 'Gemini Keys', render: () => <GeminiKeysPanel /> },
  { id: 'paypal', label: 'Paypal Setup', render: () => <PaypalSettingsPanel /> },
  { id: 'packages', label: 'Packages', render: () => <PackagesManager /> },
  { id: 'footer', label: 'Footer Section', render: () => <ComingPanel what="The footer editor" /> },
];
