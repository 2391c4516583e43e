import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { parseAssessRequest } from '../src/api/assess-request.parser';
import { jsonBody, requireJson } from '../src/common/http-middleware';

/**
 * The benchmark's baseline: the same stack as the service (Nest on express, the same JSON
 * body parser and content-type rule, the same event validation) answering with an echo.
 * Started only by bench/http.ts; never shipped as a route.
 */
@Controller()
class EchoController {
  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: unknown): { eventId: string; conversationId: string } {
    const turn = parseAssessRequest(body, 16_000);
    return { eventId: turn.eventId, conversationId: turn.conversationId };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

async function start(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(EchoModule, {
    bodyParser: false,
    logger: false,
  });
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requireJson());
  app.use(jsonBody(64 * 1024));
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  // Exit normally when the bench stops it, as the service does, so `--cpu-prof` gets written.
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.stdout.write(`listening ${process.env.PORT}\n`);
}

void start();
