import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import { FieldLabel } from './FieldLabel';
import { FieldMessages } from './FieldMessages';
import type { FieldProps } from './types';
import { useFieldA11y } from './useFieldA11y';
import styles from './Field.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'>, FieldProps {}

/** Checkbox with its label to the right, e.g. 'I agree to the terms'. */
export function Checkbox({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: CheckboxProps) {
  const { hintId, errorId, controlProps } = useFieldA11y({ ...props, hint, error });
  return (
    <div className={clsx(styles.field, fieldClassName)}>
      <div className={styles.checkboxRow}>
        <input
          {...props}
          {...controlProps}
          type="checkbox"
          className={clsx(styles.checkbox, className)}
        />
        <span className={styles.checkboxLabel}>
          <FieldLabel htmlFor={controlProps.id} required={props.required}>
            {label}
          </FieldLabel>
        </span>
      </div>
      <div className={styles.checkboxHelp}>
        <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
      </div>
    </div>
  );
}
