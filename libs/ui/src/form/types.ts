import type { ReactNode } from 'react';

/** What every form field adds on top of its native element's props. */
export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Validation message, e.g. react-hook-form's `errors.email?.message`; marks the control invalid. */
  error?: ReactNode;
  /** Class for the wrapper; `className` styles the native control. */
  fieldClassName?: string;
}
