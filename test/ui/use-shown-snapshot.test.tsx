// @vitest-environment jsdom
// Issue 29: the POS page does not render a submission for its first moments (a quick commit is not interleaved
// with the frame's re-render), then shows it; every other state at once.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useShownSnapshot } from '../../src/ui/features/pos/use-shown-snapshot';

interface Snap {
  name: string;
  hasTag(tag: string): boolean;
}
const snap = (name: string, tags: string[] = []): Snap => ({ name, hasTag: (t) => tags.includes(t) });

const rendered: string[] = [];
function Shown({ snapshot }: { snapshot: Snap }) {
  const shown = useShownSnapshot(snapshot, 'submitting', 60);
  rendered.push(shown.name);
  return <span>{shown.name}</span>;
}

let root: Root | null = null;
let host: HTMLElement | null = null;
const show = (s: Snap) =>
  act(() => {
    if (!host) {
      host = document.createElement('div');
      document.body.appendChild(host);
      root = createRoot(host);
    }
    root?.render(<Shown snapshot={s} />);
  });
const wait = (ms: number) => act(async () => new Promise((r) => setTimeout(r, ms)));
const onScreen = () => host?.textContent;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  host = null;
  rendered.length = 0;
});

describe('useShownSnapshot (issue 29)', () => {
  it('a submission that ends quickly is never rendered: the frame as it was, then the next state at once', async () => {
    show(snap('payment'));
    show(snap('submitting', ['submitting']));
    await wait(20);
    expect(onScreen()).toBe('payment');
    show(snap('succeeded'));
    expect(onScreen()).toBe('succeeded');
    await wait(100);
    expect(rendered).not.toContain('submitting');
    expect(onScreen()).toBe('succeeded');
  });

  it('a longer submission shows after the delay; leaving it shows the next state at once', async () => {
    show(snap('payment'));
    show(snap('submitting', ['submitting']));
    await wait(10);
    expect(onScreen()).toBe('payment');
    await wait(150);
    expect(onScreen()).toBe('submitting');
    show(snap('failed'));
    expect(onScreen()).toBe('failed');
    // a second submission waits its own delay again
    show(snap('submitting again', ['submitting']));
    await wait(10);
    expect(onScreen()).toBe('failed');
    await wait(150);
    expect(onScreen()).toBe('submitting again');
  });

  it('other states show at once', () => {
    show(snap('step 1'));
    show(snap('step 2', ['busy']));
    expect(onScreen()).toBe('step 2');
  });
});
