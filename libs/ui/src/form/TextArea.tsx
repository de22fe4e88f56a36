import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import { FieldLabel } from './FieldLabel';
import { FieldMessages } from './FieldMessages';
import type { FieldProps } from './types';
import { useFieldA11y } from './useFieldA11y';
import styles from './Field.module.css';

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'>, FieldProps {}

export function TextArea({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: TextAreaProps) {
  const { hintId, errorId, controlProps } = useFieldA11y({ ...props, hint, error });
  return (
    <div className={clsx(styles.field, fieldClassName)}>
      <FieldLabel htmlFor={controlProps.id} required={props.required}>
        {label}
      </FieldLabel>
      <textarea
        {...props}
        {...controlProps}
        className={clsx(styles.control, styles.textarea, className)}
      />
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
