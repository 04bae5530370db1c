import { AppError } from '../kernel/errors.ts';

/**
 * How many images may be received and processed at once, across brand images and account photos. A request past
 * that is refused with 503 `image_busy` (spec: Errors) rather than queued: decoding is memory- and CPU-heavy, and
 * the client is told to retry instead of holding a connection open. A slot is taken before the body is read, so
 * at most `size` bodies (5 MB each) and decoded pictures are in memory at any time.
 */
export class ImageSlots {
  private busy = 0;
  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) throw new AppError('image_busy', 'Too many images are being processed right now; try again in a moment.');
    this.busy += 1;
    try {
      return await work();
    } finally {
      this.busy -= 1;
    }
  }
}
