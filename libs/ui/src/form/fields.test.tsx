import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './Checkbox';
import { Select } from './Select';
import { TextArea } from './TextArea';
import { TextField } from './TextField';

function describedByText(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('TextField', () => {
  it('labels the input and wires hint and error to it', () => {
    render(
      <TextField
        label="Email"
        type="email"
        required
        hint="We send receipts here"
        error="Email is required"
      />,
    );
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((input as HTMLInputElement).required).toBe(true);
    expect(describedByText(input)).toEqual(['We send receipts here', 'Email is required']);
    expect(screen.getByRole('alert').textContent).toBe('Email is required');
  });

  it('is valid and undescribed without hint or error', () => {
    render(<TextField label="Company" />);
    const input = screen.getByRole('textbox', { name: 'Company' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forwards ref and native props such as name, onChange and readOnly', async () => {
    const ref = createRef<HTMLInputElement>();
    const changes: string[] = [];
    render(
      <TextField
        ref={ref}
        label="Full name"
        name="fullName"
        onChange={(e) => changes.push(e.target.value)}
      />,
    );
    await userEvent.setup().type(screen.getByLabelText('Full name'), 'Al');
    expect(ref.current?.name).toBe('fullName');
    expect(changes).toEqual(['A', 'Al']);
  });

  it("keeps the caller's id and aria-describedby", () => {
    render(
      <>
        <p id="email-policy">Used for login</p>
        <TextField
          id="account-email"
          label="Email"
          readOnly
          value="a@b.co"
          aria-describedby="email-policy"
          hint="Email address cannot be changed"
        />
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Email');
    expect(input.id).toBe('account-email');
    expect(input.readOnly).toBe(true);
    expect(describedByText(input)).toEqual(['Used for login', 'Email address cannot be changed']);
  });
});

describe('TextArea', () => {
  it('labels the textarea and forwards its ref', () => {
    const ref = createRef<HTMLTextAreaElement>();
    render(<TextArea ref={ref} label="Message" error="Too short" />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(ref.current).toBe(textarea);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Select', () => {
  it('renders the placeholder and options and reports the choice', async () => {
    const ref = createRef<HTMLSelectElement>();
    render(
      <Select
        ref={ref}
        label="Category"
        placeholder="Select a category"
        options={[
          { value: 'billing', label: 'Billing' },
          { value: 'technical', label: 'Technical' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a category',
      'Billing',
      'Technical',
    ]);
    await userEvent.setup().selectOptions(select, 'Technical');
    expect(ref.current?.value).toBe('technical');
  });
});

describe('Checkbox', () => {
  it('toggles via its label and shows its error', async () => {
    render(<Checkbox label="I agree to the terms" error="You must accept the terms" />);
    const checkbox = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'I agree to the terms',
    });
    await userEvent.setup().click(screen.getByText('I agree to the terms'));
    expect(checkbox.checked).toBe(true);
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(describedByText(checkbox)).toEqual(['You must accept the terms']);
  });
});
