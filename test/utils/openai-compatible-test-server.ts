import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATEGORY_IDS } from '../../src/engine/taxonomy';

/**
 * A scripted OpenAI-compatible chat-completions server for tests and the benchmark. Each
 * request takes the next scripted behaviour (the last one repeats), so a test states exactly
 * what the "model" does: answer, answer slowly, rate-limit, fail, send garbage, hang up.
 */
export type Behaviour =
  | { kind: 'answer'; content: string; delayMs?: number; model?: string }
  | {
      kind: 'status';
      status: number;
      headers?: Record<string, string>;
      body?: string;
      delayMs?: number;
    }
  /** A 200 whose body is not a chat completion. */
  | { kind: 'raw'; contentType: string; body: string }
  /** Closes the socket without an answer. */
  | { kind: 'drop' }
  /** Computes the behaviour from the request (e.g. to echo a verdict per turn). */
  | { kind: 'dynamic'; respond: (body: ChatRequestBody) => Behaviour };

export type ChatRequestBody = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  [key: string]: unknown;
};

export class OpenAiCompatibleTestServer {
  readonly requests: ChatRequestBody[] = [];
  private script: Behaviour[] = [];
  private server?: Server;
  private readonly sockets = new Set<import('node:net').Socket>();

  get baseUrl(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Replaces the script and forgets earlier requests. */
  respond(...behaviours: Behaviour[]): void {
    this.script = behaviours;
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private next(): Behaviour {
    const behaviour = this.script.length > 1 ? this.script.shift() : this.script[0];
    if (!behaviour) throw new Error('test server has no scripted behaviour');
    return behaviour;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
    this.requests.push(body);
    let behaviour = this.next();
    if (behaviour.kind === 'dynamic') behaviour = behaviour.respond(body);
    await this.perform(behaviour, body, req, res);
  }

  private async perform(
    behaviour: Behaviour,
    body: ChatRequestBody,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const delay = 'delayMs' in behaviour ? (behaviour.delayMs ?? 0) : 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (res.destroyed) return;
    switch (behaviour.kind) {
      case 'answer':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(chatCompletion(behaviour.content, behaviour.model ?? body.model)));
        return;
      case 'status':
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...behaviour.headers,
        });
        res.end(
          behaviour.body ?? JSON.stringify({ error: { message: `scripted ${behaviour.status}` } }),
        );
        return;
      case 'raw':
        res.writeHead(200, { 'content-type': behaviour.contentType });
        res.end(behaviour.body);
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'dynamic':
        throw new Error('dynamic behaviours may not return dynamic behaviours');
    }
  }
}

export function chatCompletion(content: string, model: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** A valid JSON verdict: every category 0 except the ones given. */
export function jsonVerdict(
  scored: Record<string, { score: number; subcategories: string[] }> = {},
): string {
  return JSON.stringify({
    categories: Object.fromEntries(
      CATEGORY_IDS.map((id) => [id, scored[id] ?? { score: 0, subcategories: [] }]),
    ),
  });
}
