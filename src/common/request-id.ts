import { ulid } from 'ulid';

export const newRequestId = (): string => `req_${ulid()}`;
