export const OPENAPI_DOCUMENT = { openapi: '3.1.0' } as const;
