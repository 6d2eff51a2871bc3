/** A canvas sized to its box at the device pixel ratio, with the page's theme colours. */

export interface Theme {
  readonly fg: string;
  readonly muted: string;
  readonly grid: string;
  readonly accent: string;
  readonly series: readonly string[];
}

export function readTheme(): Theme {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fg: v('--fg', '#222'),
    muted: v('--muted', '#666'),
    grid: v('--grid', '#ccc'),
    accent: v('--accent', '#d33'),
    series: [
      v('--s0', '#1f77b4'),
      v('--s1', '#ff7f0e'),
      v('--s2', '#2ca02c'),
      v('--s3', '#9467bd'),
      v('--s4', '#8c564b'),
      v('--s5', '#17becf'),
    ],
  };
}

/**
 * Each canvas's box in CSS pixels, kept by a ResizeObserver: reading clientWidth in a frame that
 * has just written the table's text would force a layout of the whole page before drawing.
 */
const boxes = new WeakMap<Element, { width: number; height: number }>();
let observer: ResizeObserver | undefined;

function boxOf(canvas: HTMLCanvasElement): { width: number; height: number } {
  let box = boxes.get(canvas);
  if (box !== undefined) return box;
  // The first sight of a canvas reads its box once; from then on the observer keeps it.
  box = { width: canvas.clientWidth, height: canvas.clientHeight };
  boxes.set(canvas, box);
  if (observer === undefined && typeof ResizeObserver === 'function') {
    observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const kept = boxes.get(entry.target);
        if (kept === undefined) continue;
        kept.width = Math.round(entry.contentRect.width);
        kept.height = Math.round(entry.contentRect.height);
      }
    });
  }
  observer?.observe(canvas);
  return box;
}

/** Resizes the backing store when the box changes; returns the context in CSS pixels. */
export function prepare(canvas: HTMLCanvasElement): { ctx: CanvasRenderingContext2D; width: number; height: number } {
  const ratio = window.devicePixelRatio || 1;
  const { width, height } = boxOf(canvas);
  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('no 2d canvas context');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return { ctx, width, height };
}
