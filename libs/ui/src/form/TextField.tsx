import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import { FieldLabel } from './FieldLabel';
import { FieldMessages } from './FieldMessages';
import type { FieldProps } from './types';
import { useFieldA11y } from './useFieldA11y';
import styles from './Field.module.css';

export interface TextFieldProps extends ComponentPropsWithRef<'input'>, FieldProps {}

/** Labelled input; every native prop and the ref reach the <input>, so `{...register('email')}` works. */
export function TextField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: TextFieldProps) {
  const { hintId, errorId, controlProps } = useFieldA11y({ ...props, hint, error });
  return (
    <div className={clsx(styles.field, fieldClassName)}>
      <FieldLabel htmlFor={controlProps.id} required={props.required}>
        {label}
      </FieldLabel>
      <input {...props} {...controlProps} className={clsx(styles.control, className)} />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
