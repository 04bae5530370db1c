import type { Clock } from '../../core/ports/clock.ts';

/** A clock that only moves when a test moves it. */
export class FakeClock implements Clock {
  #ms: number;

  constructor(iso = '2026-01-01T00:00:00.000Z') {
    this.#ms = parse(iso);
  }

  now(): Date {
    // A new Date each time, so code that mutates the one it got cannot move the clock.
    return new Date(this.#ms);
  }

  set(iso: string): void {
    this.#ms = parse(iso);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError(`advance() needs a finite number of ms, got ${ms}`);
    this.#ms += ms;
  }
}

function parse(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`FakeClock: not an ISO time: ${iso}`);
  return ms;
}
