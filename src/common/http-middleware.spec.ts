import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { Metrics } from '../observability/metrics';
import { requestContext } from './http-middleware';

/** One request through the middleware, finished with 200; returns the log lines written. */
async function serveOne(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const metrics = new Metrics();
  const request = { method: 'POST', route: { path: '/v1/x' } } as unknown as Request;
  const response = Object.assign(new EventEmitter(), {
    statusCode: 200,
    setHeader: jest.fn(),
  }) as unknown as Response;
  const next = jest.fn() as NextFunction;
  requestContext(pino({ level }, sink), metrics)(request, response, next);
  response.emit('finish');
  await new Promise((resolve) => setImmediate(resolve));
  const histogram = await metrics.httpRequestDuration.get();
  return { lines, next, response, request, observed: histogram.values.length > 0 };
}

describe('requestContext', () => {
  it('sets a request id, records the latency metric and writes the access log at info', async () => {
    const { lines, next, response, request, observed } = await serveOne('info');
    expect(next).toHaveBeenCalled();
    expect(request.requestId).toMatch(/^req_[0-9A-Z]{26}$/);
    expect(response.setHeader).toHaveBeenCalledWith('Request-Id', request.requestId);
    expect(observed).toBe(true);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', request_id: request.requestId, status: 200 }),
    ]);
  });

  it('still records the metric but writes no access log when info is off', async () => {
    const { lines, observed } = await serveOne('warn');
    expect(observed).toBe(true);
    expect(lines).toEqual([]);
  });
});
