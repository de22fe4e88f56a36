import { useEffect } from 'react';

// Counted so a dialog opened from a dialog does not unlock the page when it closes.
let locks = 0;
let saved = { overflow: '', paddingRight: '' };

export function useBodyScrollLock(): void {
  useEffect(() => {
    const { body } = document;
    if (locks === 0) {
      saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
      // Reserve the scrollbar's width so the page behind does not jump sideways.
      // (Without layout, e.g. in jsdom, clientWidth is 0 and there is nothing to measure.)
      const { clientWidth } = document.documentElement;
      const scrollbar = window.innerWidth - clientWidth;
      if (clientWidth > 0 && scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) {
        body.style.overflow = saved.overflow;
        body.style.paddingRight = saved.paddingRight;
      }
    };
  }, []);
}
