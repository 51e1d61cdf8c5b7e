/** A sleep that another part of the process can end early (new work, a free slot, stop). */
export class WakeSignal {
  #pending = false;
  #wake: (() => void) | undefined;

  /** Ends the current sleep, or the next one at once when none is under way. */
  wake(): void {
    this.#pending = true;
    this.#wake?.();
  }

  /** Whether a wake came since the last `take()`; clears it. */
  take(): boolean {
    const pending = this.#pending;
    this.#pending = false;
    return pending;
  }

  sleep(ms: number): Promise<void> {
    if (this.take()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        this.#pending = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }
}
