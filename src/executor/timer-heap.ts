/**
 * Min-heap of timer deadlines. Cancelled or rescheduled timers are not searched for and
 * removed: their heap node carries a token, and a node whose token no longer matches the
 * timer's current token is discarded when it reaches the top (lazy deletion).
 */
export interface HeapNode<T> {
  readonly deadline: number;
  /** tie-break: registration order */
  readonly seq: number;
  readonly token: number;
  readonly item: T;
}

export class TimerHeap<T> {
  private readonly nodes: HeapNode<T>[] = [];

  get size(): number {
    return this.nodes.length;
  }

  push(node: HeapNode<T>): void {
    const a = this.nodes;
    a.push(node);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(a[i] as HeapNode<T>, a[parent] as HeapNode<T>)) break;
      swap(a, i, parent);
      i = parent;
    }
  }

  peek(): HeapNode<T> | undefined {
    return this.nodes[0];
  }

  pop(): HeapNode<T> | undefined {
    const a = this.nodes;
    const top = a[0];
    if (top === undefined) return undefined;
    const last = a.pop() as HeapNode<T>;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l] as HeapNode<T>, a[m] as HeapNode<T>)) m = l;
        if (r < a.length && before(a[r] as HeapNode<T>, a[m] as HeapNode<T>)) m = r;
        if (m === i) break;
        swap(a, i, m);
        i = m;
      }
    }
    return top;
  }

  clear(): void {
    this.nodes.length = 0;
  }
}

function before<T>(x: HeapNode<T>, y: HeapNode<T>): boolean {
  return x.deadline < y.deadline || (x.deadline === y.deadline && x.seq < y.seq);
}

function swap<T>(a: T[], i: number, j: number): void {
  const t = a[i] as T;
  a[i] = a[j] as T;
  a[j] = t;
}
