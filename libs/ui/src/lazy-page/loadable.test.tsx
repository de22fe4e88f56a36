import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadable } from './loadable';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('loadable', () => {
  it('shows the fallback, then the component with its props as soon as its code is in', async () => {
    const code = deferred<(props: { name: string }) => ReactNode>();
    let loads = 0;
    const Greeting = loadable(
      () => {
        loads += 1;
        return code.promise;
      },
      <p>Loading...</p>,
    );
    const { rerender } = render(<Greeting name="Ada" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => code.resolve(({ name }) => <p>Hello {name}</p>));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    rerender(<Greeting name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('starts loading on preload, and a later render uses that load', async () => {
    let loads = 0;
    const Page = loadable(
      async () => {
        loads += 1;
        return () => <p>Ready</p>;
      },
      <p>Loading...</p>,
    );
    Page.preload();
    expect(loads).toBe(1);
    await act(async () => undefined);
    render(<Page />);
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('throws a failed load to the nearest error boundary', async () => {
    const code = deferred<() => ReactNode>();
    const Broken = loadable(() => code.promise, <p>Loading...</p>);
    render(
      <Boundary>
        <Broken />
      </Boundary>,
    );
    await act(async () => code.reject(new Error('chunk failed')));
    expect(screen.getByRole('alert').textContent).toBe('chunk failed');
  });
});
