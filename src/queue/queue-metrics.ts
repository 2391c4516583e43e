import { Gauge, register } from 'prom-client';
import type { QueueDriver } from './queue-driver';
import { QUEUE_NAMES } from './queue.constants';

const drivers = new Set<QueueDriver>();

/** The gauge is read on scrape; a Redis outage shows as a missing sample, not a failed scrape. */
function ensureDepthGauge(): void {
  if (register.getSingleMetric('ca_queue_depth')) return;
  new Gauge({
    name: 'ca_queue_depth',
    help: 'Jobs waiting, delayed or running per queue',
    labelNames: ['queue', 'driver'],
    async collect() {
      this.reset();
      for (const driver of drivers) {
        for (const queue of QUEUE_NAMES) {
          try {
            this.set({ queue, driver: driver.kind }, await driver.depth(queue));
          } catch {
            // Queue unreachable: leave the sample out.
          }
        }
      }
    },
  });
}

/** Reports the driver's queue depth on `/metrics`; returns the function that stops it. */
export function trackQueueDepth(driver: QueueDriver): () => void {
  ensureDepthGauge();
  drivers.add(driver);
  return () => drivers.delete(driver);
}
