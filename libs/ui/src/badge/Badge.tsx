import type { ComponentPropsWithoutRef } from 'react';
import { clsx } from 'clsx';
import type { BadgeTone } from './tones';
import styles from './Badge.module.css';

export interface BadgeProps extends ComponentPropsWithoutRef<'span'> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span {...props} className={clsx(styles.badge, styles[tone], className)} />;
}
