import { vi } from 'vitest';

/** A stand-in for the browser's IntersectionObserver (jsdom has none): the test says what shows. */
export interface FakeObserver {
  readonly options: IntersectionObserverInit | undefined;
  /** Reports `target` showing `ratio` of itself (0: only touching the viewport's edge). */
  report(target: Element, ratio: number): void;
}

/**
 * Installs a fake IntersectionObserver for the current test (undone by `vi.unstubAllGlobals()`).
 * `watching(element)` lists the observers that currently observe the element.
 */
export function fakeIntersectionObserver() {
  const live = new Set<Observer>();

  class Observer implements FakeObserver {
    private readonly targets = new Set<Element>();
    readonly options: IntersectionObserverInit | undefined;

    constructor(
      private readonly callback: IntersectionObserverCallback,
      options?: IntersectionObserverInit,
    ) {
      this.options = options;
      live.add(this);
    }

    observe(target: Element) {
      this.targets.add(target);
    }

    unobserve(target: Element) {
      this.targets.delete(target);
    }

    disconnect() {
      this.targets.clear();
      live.delete(this);
    }

    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }

    watches(target: Element) {
      return this.targets.has(target);
    }

    report(target: Element, ratio: number) {
      const entry = { target, intersectionRatio: ratio, isIntersecting: ratio > 0 };
      this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
  }

  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    watching: (target: Element): FakeObserver[] =>
      [...live].filter((observer) => observer.watches(target)),
  };
}
