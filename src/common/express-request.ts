/** Fields the request-context middleware puts on every express request. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
      /** performance.now() when the request arrived. */
      startedAt: number;
    }
  }
}

export {};
