import {
  CircleArrowUp,
  Clock,
  Coins,
  History,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  Sparkles,
  TicketPercent,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** The icons the product's menus use, by name (the page registry names them). */
const icons = {
  dashboard: LayoutDashboard,
  generator: Sparkles,
  upgrade: CircleArrowUp,
  support: LifeBuoy,
  pending: Clock,
  history: History,
  admin: ShieldCheck,
  orders: Receipt,
  users: Users,
  settings: Settings,
  audit: ScrollText,
  logout: LogOut,
  credits: Coins,
  promo: TicketPercent,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

export const isIconName = (name: string): name is IconName => name in icons;

/**
 * A menu icon (Lucide). Decorative: the text beside it names the entry, so it is hidden from
 * assistive technology.
 */
export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  const Drawn = icons[name];
  return <Drawn size={size} strokeWidth={2} aria-hidden="true" focusable="false" />;
}
