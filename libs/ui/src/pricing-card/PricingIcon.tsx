import { useState } from 'react';
import styles from './PricingCard.module.css';

/** The offer's own icon, or a default one when it has none or the image fails to load. */
export function PricingIcon({ src }: { src: string | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        className={styles.icon}
        src={src}
        alt=""
        width={56}
        height={56}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <svg
      className={styles.icon}
      data-default-icon=""
      viewBox="0 0 56 56"
      width={56}
      height={56}
      aria-hidden="true"
    >
      <circle cx="28" cy="28" r="28" fill="currentColor" opacity="0.12" />
      <path
        d="M18 22h20l-2.5 16h-15zM23 22v-3a5 5 0 0 1 10 0v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
