import {
  BadRequestException,
  Controller,
  Get,
  NotFoundException,
  Param,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IDENTIFIER } from '../../api/dtos/assess-request.dto';
import { MODES, type Mode } from '../../engine/taxonomy';
import type { AssessmentEntity } from '../../persistence/entities/assessment.entity';
import { decodeShadowFindings } from '../../assessment/shadow-findings';
import { decodeRaisedCategories } from '../../persistence/repositories/assessment-categories';
import { PortalAuthGuard, type PortalRequest } from '../auth/portal-auth.guard';
import { PortalExceptionFilter } from '../portal-exception.filter';
import { conversationHref, conversationPage } from '../views/conversation.view';
import { historyPage } from '../views/history.view';
import { sendHtml } from '../views/html';
import { CSV_HEADER, csvLine, jsonlLine } from './history-export';
import {
  HISTORY_FIELDS,
  HistoryFilterError,
  historyQueryString,
  parseHistoryFilter,
  type HistoryFilter,
  type HistoryForm,
} from './history-filter';
import { HistoryService } from './history.service';

const FLUSH_ROWS = 200;

const EXPORTS = {
  jsonl: { contentType: 'application/x-ndjson; charset=utf-8', header: '', line: jsonlLine },
  csv: { contentType: 'text/csv; charset=utf-8', header: CSV_HEADER, line: csvLine },
} as const;

/** The filters as submitted, for re-rendering the form when they were rejected. */
const submittedForm = (query: Record<string, unknown>): HistoryForm =>
  Object.fromEntries(
    HISTORY_FIELDS.map((name) => [name, typeof query[name] === 'string' ? query[name] : '']),
  ) as HistoryForm;

/** History review (any role): search, exports and conversation pages of the own tenant. */
@Controller('portal/history')
@UseFilters(PortalExceptionFilter)
@UseGuards(PortalAuthGuard)
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  async search(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    const viewer = request.portalSession!;
    let filter: HistoryFilter;
    try {
      filter = parseHistoryFilter(query);
    } catch (error) {
      if (!(error instanceof HistoryFilterError)) throw error;
      const form = submittedForm(query);
      const view = { viewer, form, rows: null, error: error.message, exportQuery: '' };
      return sendHtml(response, 400, historyPage({ ...view, nextHref: null }));
    }
    const { rows, next } = await this.history.searchPage(
      { ...filter.search, tenantId: viewer.tenantId },
      filter.cursor,
    );
    sendHtml(
      response,
      200,
      historyPage({
        viewer,
        form: filter.form,
        rows: rows.map(toRowView),
        exportQuery: historyQueryString(filter.form),
        nextHref: next ? `/portal/history?${historyQueryString(filter.form, next)}` : null,
      }),
    );
  }

  @Get('export.jsonl')
  exportJsonl(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return this.export('jsonl', request, response, query);
  }

  @Get('export.csv')
  exportCsv(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return this.export('csv', request, response, query);
  }

  @Get('conversations/:mode/:conversationId')
  async conversation(
    @Req() request: PortalRequest,
    @Res() response: Response,
    @Param('mode') mode: string,
    @Param('conversationId') conversationId: string,
    @Query('after') after?: unknown,
  ): Promise<void> {
    const viewer = request.portalSession!;
    if (!(MODES as readonly string[]).includes(mode)) {
      throw new BadRequestException(`mode must be one of ${MODES.join(', ')}.`);
    }
    if (!IDENTIFIER.test(conversationId)) {
      throw new BadRequestException('conversationId has an invalid format.');
    }
    const afterTurn = after === undefined || after === '' ? 0 : Number(after);
    if (!Number.isSafeInteger(afterTurn) || afterTurn < 0) {
      throw new BadRequestException('after must be a turn number (0 or more).');
    }
    const found = await this.history.conversation(
      { tenantId: viewer.tenantId, mode: mode as Mode, conversationId },
      afterTurn,
    );
    if (!found) throw new NotFoundException('No such conversation in this mode.');
    const href = conversationHref(mode, conversationId);
    sendHtml(
      response,
      200,
      conversationPage({
        viewer,
        mode: mode as Mode,
        conversationId,
        state: found.state,
        timeline: found.timeline,
        turns: found.turns.map((row) => ({
          turn: row.turnNumber,
          createdAt: row.createdAt,
          speakerType: row.speakerType,
          text: row.text,
          severity: row.severity,
          action: row.action,
          categories: decodeRaisedCategories(row.raisedCategories),
          shadowRules: decodeShadowFindings(row.shadowFindings).map((finding) => finding.code),
        })),
        nextHref: found.nextAfterTurn === null ? null : `${href}?after=${found.nextAfterTurn}`,
      }),
    );
  }

  /** Streams every match (capped) in batches, so memory stays flat for large exports. */
  private async export(
    format: keyof typeof EXPORTS,
    request: PortalRequest,
    response: Response,
    query: Record<string, unknown>,
  ): Promise<void> {
    let filter: HistoryFilter;
    try {
      filter = parseHistoryFilter(query);
    } catch (error) {
      if (error instanceof HistoryFilterError) throw new BadRequestException(error.message);
      throw error;
    }
    const { contentType, header, line } = EXPORTS[format];
    const day = new Date().toISOString().slice(0, 10);
    response
      .status(200)
      .setHeader('Content-Type', contentType)
      .setHeader('Cache-Control', 'no-store')
      .setHeader(
        'Content-Disposition',
        `attachment; filename="history-${filter.search.mode}-${day}.${format}"`,
      );
    const rows = this.history.exportRows({
      ...filter.search,
      tenantId: request.portalSession!.tenantId,
    });
    try {
      // pipeline() waits for the client to take each chunk and stops when it goes away.
      await pipeline(Readable.from(chunks(header, rows, line)), response);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    }
  }
}

/** The export body: the header, then the rows' lines joined FLUSH_ROWS at a time. */
async function* chunks(
  header: string,
  rows: AsyncIterable<AssessmentEntity>,
  line: (row: AssessmentEntity) => string,
): AsyncIterable<string> {
  let chunk = header;
  let buffered = 0;
  for await (const row of rows) {
    chunk += line(row);
    if (++buffered < FLUSH_ROWS) continue;
    yield chunk;
    chunk = '';
    buffered = 0;
  }
  if (chunk) yield chunk;
}

function toRowView(row: AssessmentEntity) {
  return {
    id: row.id,
    createdAt: row.createdAt,
    mode: row.mode,
    conversationId: row.conversationId,
    turn: row.turnNumber,
    severity: row.severity,
    action: row.action,
    categories: decodeRaisedCategories(row.raisedCategories),
  };
}
