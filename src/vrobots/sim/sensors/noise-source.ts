/**
 * Seeded noise for the simulated sensors: mulberry32 uniform and Box-Muller gaussians, so a
 * run with the same seed reads the same noise (deterministic tests, repeatable sessions).
 */
export class NoiseSource {
  private state: number;
  // A number field that only ever holds numbers is stored in place; `number | undefined`
  // made every spare a new heap number (the suite draws ~20 gaussians per State).
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal. */
  gaussian(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    const u = 1 - this.uniform(); // (0, 1]: log stays finite
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    this.hasSpare = true;
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Zero-mean normal with standard deviation `std` (0 or less: exactly 0, no draw). */
  normal(std: number): number {
    return std > 0 ? std * this.gaussian() : 0;
  }
}
