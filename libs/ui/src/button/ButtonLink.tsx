import type { Ref } from 'react';
import { Link, type LinkProps } from '@coldmail/router';
import { buttonClassName, type ButtonLook } from './Button';

export interface ButtonLinkProps extends LinkProps, ButtonLook {
  ref?: Ref<HTMLAnchorElement>;
}

/** A router link that looks like a Button — for navigation such as 'Buy credits'. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link {...props} className={buttonClassName({ variant, size, fullWidth }, className)} />;
}
