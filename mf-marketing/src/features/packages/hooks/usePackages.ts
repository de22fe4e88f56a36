import type { CreditPackage } from '@coldmail/contracts';
import { useEffect, useState } from 'react';
import { fetchPackages } from '../api/packages';

export type PackagesState =
  { status: 'loading' } | { status: 'error' } | { status: 'loaded'; packages: CreditPackage[] };

export function usePackages(): PackagesState {
  const [state, setState] = useState<PackagesState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchPackages().then(
      (packages) => current && setState({ status: 'loaded', packages }),
      (error: unknown) => {
        console.error(error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
