import { useId, type AriaAttributes, type ReactNode } from 'react';

interface FieldA11yInput {
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** The caller's own aria-describedby/aria-invalid, kept alongside ours. */
  'aria-describedby'?: string;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
}

/**
 * Ties a control to its label, hint and error: ids are generated unless the caller passes one,
 * and an error marks the control invalid.
 */
export function useFieldA11y({ id, hint, error, ...aria }: FieldA11yInput) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [aria['aria-describedby'], hint ? hintId : null, error ? errorId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return {
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-describedby': describedBy,
      'aria-invalid': error ? true : aria['aria-invalid'],
    },
  };
}
