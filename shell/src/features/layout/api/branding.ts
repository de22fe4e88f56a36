import { apiClient } from '@coldmail/session';
import { useEffect, useState } from 'react';

export interface NavLogo {
  imageUrl: string;
  altText: string;
  isActive: boolean;
}

export interface FooterSettings {
  isActive: boolean;
  logo?: string;
  description?: string;
  companyLinks?: { title?: string; links?: { text: string; url: string }[] };
  contactInfo?: { title?: string; description?: string };
  socialLinks?: Partial<Record<'facebook' | 'twitter' | 'linkedin' | 'youtube', string>>;
  copyrightText?: string;
}

export async function fetchNavLogo(): Promise<NavLogo | null> {
  const { data } = await apiClient.get<{ data?: { data?: NavLogo } }>('/api/nav-logo');
  return data.data?.data ?? null;
}

export async function fetchFooter(): Promise<FooterSettings | null> {
  const { data } = await apiClient.get<{ data?: FooterSettings }>('/api/footer');
  return data.data ?? null;
}

/** The admin-set logo when active; null means "use the default logo". */
export function useNavLogo(): NavLogo | null {
  const [logo, setLogo] = useState<NavLogo | null>(null);
  useEffect(() => {
    let current = true;
    fetchNavLogo()
      .then((value) => current && setLogo(value?.isActive && value.imageUrl ? value : null))
      .catch((error: unknown) => console.warn('Failed to load logo', error));
    return () => {
      current = false;
    };
  }, []);
  return logo;
}
