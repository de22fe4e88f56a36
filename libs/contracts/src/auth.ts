import { z } from 'zod';

/** Minimum password length the sign-in provider accepts (spec: 6). */
export const MIN_PASSWORD_LENGTH = 6;

export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Invalid email address format.')),
  password: z.string().min(1, 'Password is required'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Full name is required'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .pipe(z.email('Invalid email address format.')),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    confirmPassword: z.string(),
    terms: z.literal(true, { error: 'You must accept the terms and conditions' }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const resetPasswordFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(z.email('Please enter a valid email address.')),
});
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
