import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import { FieldLabel } from './FieldLabel';
import { FieldMessages } from './FieldMessages';
import type { FieldProps } from './types';
import { useFieldA11y } from './useFieldA11y';
import styles from './Field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentPropsWithRef<'select'>, FieldProps {
  /** Rendered before `children`; pass either or both. */
  options?: readonly SelectOption[];
  /** First option with an empty value, e.g. 'Select a category'. */
  placeholder?: string;
}

export function Select({
  label,
  hint,
  error,
  fieldClassName,
  className,
  options,
  placeholder,
  children,
  ...props
}: SelectProps) {
  const { hintId, errorId, controlProps } = useFieldA11y({ ...props, hint, error });
  return (
    <div className={clsx(styles.field, fieldClassName)}>
      <FieldLabel htmlFor={controlProps.id} required={props.required}>
        {label}
      </FieldLabel>
      <div className={styles.selectWrap}>
        <select
          {...props}
          {...controlProps}
          className={clsx(styles.control, styles.select, className)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      </div>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
