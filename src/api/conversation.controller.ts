import { Controller, Get, Param, Query } from '@nestjs/common';
import { currentLevel } from '../assessment/conversation-state';
import { storedTurnView } from '../assessment/stored-turn';
import type { AuthContext } from '../auth/auth-context';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { RequireScope } from '../auth/require-scope.decorator';
import { ApiError } from '../common/api-error';
import { MODES, type Mode } from '../engine/taxonomy';
import { AssessmentRepository } from '../persistence/repositories/assessment.repository';
import { ConversationRepository } from '../persistence/repositories/conversation.repository';
import { IDENTIFIER } from './dtos/assess-request.dto';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

function integerParam(value: string | undefined, param: string, min: number, max: number) {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new ApiError('invalid_request', `${param} must be an integer in [${min}, ${max}].`, {
      param,
    });
  }
  return parsed;
}

/** A conversation's state and its stored assessments, in arrival order, paginated. */
@Controller('v1/conversation-analytics/conversations')
export class ConversationController {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly assessments: AssessmentRepository,
  ) {}

  @Get(':conversationId')
  @RequireScope('read')
  async show(
    @CurrentAuth() auth: AuthContext,
    @Param('conversationId') conversationId: string,
    @Query('mode') modeParam?: string,
    @Query('limit') limitParam?: string,
    @Query('cursor') cursorParam?: string,
  ) {
    if (!IDENTIFIER.test(conversationId)) {
      throw new ApiError('invalid_request', 'conversationId has an invalid format.', {
        param: 'conversationId',
      });
    }
    if (modeParam !== undefined && !(MODES as readonly string[]).includes(modeParam)) {
      throw new ApiError('invalid_request', `mode must be one of ${MODES.join(', ')}.`, {
        param: 'mode',
      });
    }
    const mode = (modeParam as Mode | undefined) ?? auth.mode;
    // Like test and live keys elsewhere: a key reads its own mode; admin keys read any.
    if (mode !== auth.mode && !auth.scopes.includes('admin')) {
      throw new ApiError('insufficient_scope', `Reading ${mode} data needs an admin key.`, {
        param: 'mode',
      });
    }
    const limit = integerParam(limitParam, 'limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
    const afterTurn = integerParam(cursorParam, 'cursor', 0, Number.MAX_SAFE_INTEGER) ?? 0;

    const key = { tenantId: auth.tenantId, mode, conversationId };
    const state = await this.conversations.findState(key);
    if (!state)
      throw new ApiError('not_found', 'No such conversation.', { param: 'conversationId' });
    const rows = await this.assessments.pageForConversation(key, afterTurn, limit + 1);
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return {
      object: 'conversation',
      conversationId,
      mode,
      state: {
        severity: state.peak,
        current: currentLevel(state.ema),
        ema: state.ema,
        categories: state.categoryCounts,
        turns: state.turns,
        flags: state.flags,
        createdAt: state.createdAt,
        updatedAt: state.updatedAt,
      },
      assessments: page.map(storedTurnView),
      has_more: hasMore,
      next_cursor: hasMore ? String(page[page.length - 1].turnNumber) : null,
    };
  }
}
