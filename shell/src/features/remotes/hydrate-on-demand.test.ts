import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type OnDemand = typeof import('./hydrate-on-demand');

/** A fresh copy of the module (it keeps one state per remote for the page's life). */
async function load(): Promise<OnDemand> {
  vi.resetModules();
  return import('./hydrate-on-demand');
}

/** Whether `promise` has settled by now. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

const fire = (target: Element, type: string) =>
  target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));

/**
 * React's part in a click on content it has not taken over: it stops the click where its root
 * is (and runs nothing). `taken` says when it has taken the content over.
 */
function reactRoot(taken: () => boolean) {
  const root = (event: Event) => {
    if (!taken()) event.stopPropagation();
  };
  document.body.addEventListener('click', root);
  roots.push(root);
}
const roots: ((event: Event) => void)[] = [];

beforeEach(() => {
  document.body.innerHTML = `
    <header><a id="home" href="/">Home</a></header>
    <div data-remote="marketing">
      <button id="play" type="button">Play video</button>
      <a id="buy" href="/buy/p1">Buy Now</a>
      <a id="jump" href="#contact">Contact</a>
      <a id="top" href="#">Top</a>
      <a id="away" href="https://elsewhere.example/">Elsewhere</a>
      <form data-hydrate="visible"><button id="send" type="submit">Send</button></form>
    </div>`;
});

afterEach(() => {
  for (const root of roots.splice(0)) document.body.removeEventListener('click', root);
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('a server-rendered remote page takes its code when the visitor needs it', () => {
  it('not for what happens elsewhere on the page; at once when the visitor reaches into it', async () => {
    const { whenRemoteWanted } = await load();
    const wanted = whenRemoteWanted('marketing');
    fire(document.getElementById('home')!, 'pointerover');
    fire(document.body, 'keydown');
    expect(await settled(wanted)).toBe(false);
    fire(document.getElementById('play')!, 'focusin');
    expect(await settled(wanted)).toBe(true);
  });

  it('when the visitor goes to another of its pages', async () => {
    const { whenRemoteWanted, wantRemote } = await load();
    const wanted = whenRemoteWanted('marketing');
    wantRemote('marketing');
    expect(await settled(wanted)).toBe(true);
  });

  it('when something that needs its code comes near the screen', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    vi.stubGlobal('CSS', { escape: (text: string) => text });
    const { whenRemoteWanted } = await load();
    const wanted = whenRemoteWanted('marketing');
    expect(observed).toEqual([document.querySelector('form')]);
    report?.([{ isIntersecting: false }]);
    expect(await settled(wanted)).toBe(false);
    report?.([{ isIntersecting: true }]);
    expect(await settled(wanted)).toBe(true);
  });

  it('makes a click React dropped while the code came again once the page is taken over', async () => {
    const { whenRemoteWanted, remoteHydrated } = await load();
    let hydrated = false;
    reactRoot(() => hydrated);
    const wanted = whenRemoteWanted('marketing');
    const play = document.getElementById('play')!;
    const clicks: number[] = [];
    play.addEventListener('click', () => clicks.push(Date.now()));
    // A pointer comes first, then the click: the code is asked for by the one, the other kept.
    fire(play, 'pointerdown');
    play.click();
    expect(await settled(wanted)).toBe(true);
    expect(clicks).toHaveLength(1);
    hydrated = true;
    remoteHydrated('marketing');
    expect(clicks).toHaveLength(2);
    // Once taken over, a click is the page's own: nothing is made again.
    play.click();
    remoteHydrated('marketing');
    expect(clicks).toHaveLength(3);
  });

  it('does not make again a click React handled itself (it took the page over during it)', async () => {
    const { whenRemoteWanted, remoteHydrated } = await load();
    reactRoot(() => true);
    void whenRemoteWanted('marketing');
    const play = document.getElementById('play')!;
    const clicks: Event[] = [];
    play.addEventListener('click', (event) => clicks.push(event));
    play.click();
    remoteHydrated('marketing');
    expect(clicks).toHaveLength(1);
  });

  it("makes again a click made before any of the shell's code ran", async () => {
    const play = document.getElementById('play')!;
    const stop = vi.fn();
    window.__coldmailEarly = {
      config: Promise.resolve({}),
      remotes: Promise.resolve({}),
      clicks: { last: play, stop },
    };
    try {
      const { whenRemoteWanted, remoteHydrated } = await load();
      const wanted = whenRemoteWanted('marketing');
      expect(stop).toHaveBeenCalled();
      expect(await settled(wanted)).toBe(true);
      const clicks: Event[] = [];
      play.addEventListener('click', (event) => clicks.push(event));
      remoteHydrated('marketing');
      expect(clicks).toHaveLength(1);
    } finally {
      delete window.__coldmailEarly;
    }
  });

  it("does not make a form's submit again: the browser has done what it does", async () => {
    const { whenRemoteWanted, remoteHydrated } = await load();
    reactRoot(() => false);
    void whenRemoteWanted('marketing');
    const send = document.getElementById('send')!;
    const form = document.querySelector('form')!;
    form.addEventListener('submit', (event) => event.preventDefault());
    const clicks: Event[] = [];
    send.addEventListener('click', (event) => clicks.push(event));
    send.click();
    remoteHydrated('marketing');
    expect(clicks).toHaveLength(1);
  });

  it("follows the page's own links through the router until then, and leaves other links to the browser", async () => {
    const { whenRemoteWanted, navigateLinksWith } = await load();
    void whenRemoteWanted('marketing');
    const routed: string[] = [];
    navigateLinksWith((to) => routed.push(to));
    /** Whether the page's code took the click over (jsdom itself navigates nowhere). */
    const click = (id: string) => {
      let taken = false;
      const look = (event: Event) => {
        taken = event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', look, { once: true });
      document
        .getElementById(id)!
        .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
      return taken;
    };
    expect(click('buy')).toBe(true);
    expect(routed).toEqual(['/buy/p1']);
    expect(click('jump')).toBe(false);
    expect(click('top')).toBe(false);
    expect(click('away')).toBe(false);
    // The shell's own links are the shell's (already taken over).
    expect(click('home')).toBe(false);
    expect(routed).toEqual(['/buy/p1']);
  });
});
