import { Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { PortalAuthGuard, PortalRoles, type PortalRequest } from '../auth/portal-auth.guard';
import { PortalExceptionFilter } from '../portal-exception.filter';
import { sendHtml } from '../views/html';
import { playgroundPage, type PlaygroundForm } from '../views/playground.view';
import { PlaygroundInputError, PlaygroundService } from './playground.service';

const formFrom = (body: unknown): PlaygroundForm => {
  const fields = (body ?? {}) as Record<string, unknown>;
  const read = (name: string, fallback = '') =>
    typeof fields[name] === 'string' ? fields[name] : fallback;
  return {
    text: read('text'),
    conversationId: read('conversationId', 'playground'),
    characterId: read('characterId'),
    speakerType: read('speakerType', 'user'),
    raw: read('raw'),
  };
};

/** The playground: any role may look; admins and analysts may run turns. */
@Controller('portal/playground')
@UseFilters(PortalExceptionFilter)
@UseGuards(PortalAuthGuard)
export class PlaygroundController {
  constructor(private readonly playground: PlaygroundService) {}

  @Get()
  show(@Req() request: PortalRequest, @Res() response: Response): void {
    const viewer = request.portalSession!;
    sendHtml(response, 200, playgroundPage({ viewer, form: formFrom({}) }));
  }

  @Post()
  @PortalRoles('admin', 'analyst')
  async run(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    const session = request.portalSession!;
    const form = formFrom(request.body);
    try {
      const result = await this.playground.run(session, form, request.requestId, request.startedAt);
      sendHtml(response, 200, playgroundPage({ viewer: session, form, result }));
    } catch (error) {
      if (!(error instanceof PlaygroundInputError)) throw error;
      const page = playgroundPage({ viewer: session, form, error: error.message });
      sendHtml(response, 400, page);
    }
  }
}
