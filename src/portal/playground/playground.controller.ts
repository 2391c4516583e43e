import { Controller, Get, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import { IDENTIFIER } from '../../api/dtos/assess-request.dto';
import { PortalAuthGuard, PortalRoles, type PortalRequest } from '../auth/portal-auth.guard';
import { PortalExceptionFilter } from '../portal-exception.filter';
import { sendHtml } from '../views/html';
import { playgroundPage, type PlaygroundForm } from '../views/playground.view';
import { PlaygroundInputError, PlaygroundService } from './playground.service';

const DEFAULT_CONVERSATION = 'playground';

const formFrom = (body: unknown): PlaygroundForm => {
  const fields = (body ?? {}) as Record<string, unknown>;
  const read = (name: string, fallback = '') =>
    typeof fields[name] === 'string' ? fields[name] : fallback;
  return {
    text: read('text'),
    conversationId: read('conversationId', DEFAULT_CONVERSATION),
    characterId: read('characterId'),
    speakerType: read('speakerType', 'user'),
    raw: read('raw'),
  };
};

/** A conversation id no earlier run used, for the "New conversation" button. */
const freshConversationId = () => `pg-${randomBytes(6).toString('hex')}`;

/** The playground: any role may look; admins and analysts may run turns. */
@Controller('portal/playground')
@UseFilters(PortalExceptionFilter)
@UseGuards(PortalAuthGuard)
export class PlaygroundController {
  constructor(private readonly playground: PlaygroundService) {}

  /** `?conversationId=` continues that conversation, showing its timeline so far. */
  @Get()
  async show(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Query('conversationId') conversationId?: string,
  ): Promise<void> {
    const viewer = request.portalSession!;
    const form = formFrom({
      conversationId:
        conversationId && IDENTIFIER.test(conversationId) ? conversationId : undefined,
    });
    const timeline = await this.playground.timeline(viewer, form.conversationId);
    sendHtml(
      response,
      200,
      playgroundPage({ viewer, form, timeline, newConversationId: freshConversationId() }),
    );
  }

  @Post()
  @PortalRoles('admin', 'analyst')
  async run(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    const session = request.portalSession!;
    const form = formFrom(request.body);
    const newConversationId = freshConversationId();
    try {
      const result = await this.playground.run(session, form, request.requestId, request.startedAt);
      const timeline = await this.playground.timeline(session, result.conversationId);
      sendHtml(
        response,
        200,
        playgroundPage({ viewer: session, form, result, timeline, newConversationId }),
      );
    } catch (error) {
      if (!(error instanceof PlaygroundInputError)) throw error;
      const page = playgroundPage({
        viewer: session,
        form,
        error: error.message,
        newConversationId,
      });
      sendHtml(response, 400, page);
    }
  }
}
