/** A fixed-size ring of numbers: the newest `capacity` samples of one series, oldest first. */
export class RingBuffer {
  private readonly data: Float64Array;
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.data = new Float64Array(capacity);
  }

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.count < this.capacity) {
      this.data[(this.start + this.count) % this.capacity] = value;
      this.count++;
    } else {
      this.data[this.start] = value;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** The i-th oldest sample (0 <= i < length). */
  at(i: number): number {
    return this.data[(this.start + i) % this.capacity] ?? Number.NaN;
  }

  /** The backing array and the index of the oldest sample in it, for loops that walk two rings in step. */
  get raw(): { readonly data: Float64Array; readonly start: number } {
    return { data: this.data, start: this.start };
  }

  last(): number {
    return this.count === 0 ? Number.NaN : this.at(this.count - 1);
  }

  clear(): void {
    this.start = 0;
    this.count = 0;
  }
}
