import { Button, TextField } from '@coldmail/ui';
import { useState } from 'react';
import type { PromoCode } from '../api/promo-code';
import styles from './Checkout.module.css';

/** 'Promo code' with Apply; once applied, the code with Remove. The API's refusal shows under it. */
export function PromoCodeField({ promo }: { promo: PromoCode }) {
  const [draft, setDraft] = useState('');
  // The button pressed goes when the code is applied or removed: focus moves to what replaced it.
  const [removed, setRemoved] = useState(false);
  if (promo.applied) {
    return (
      <div className={styles.promoApplied}>
        <span>
          Promo code <strong>{promo.applied.code}</strong> applied
        </span>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Remove promo code ${promo.applied.code}`}
          autoFocus
          onClick={() => {
            promo.clear();
            setDraft('');
            setRemoved(true);
          }}
        >
          Remove
        </Button>
      </div>
    );
  }
  return (
    // A form of its own: Enter in the field applies the code, and never places the order.
    <form
      className={styles.promoForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim()) promo.apply(draft);
      }}
    >
      <TextField
        label="Promo code"
        autoComplete="off"
        spellCheck={false}
        value={draft}
        autoFocus={removed}
        error={promo.refusal}
        fieldClassName={styles.promoInput}
        onChange={(event) => {
          setDraft(event.target.value);
          if (promo.refusal) promo.clear();
        }}
      />
      <Button
        type="submit"
        variant="secondary"
        className={styles.promoApply}
        loading={promo.applying}
        disabled={!draft.trim()}
      >
        Apply
      </Button>
    </form>
  );
}
