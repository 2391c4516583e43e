import {
  Controller,
  Get,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';
import { PortalAuthGuard, PortalRoles, type PortalRequest } from '../auth/portal-auth.guard';
import { PortalExceptionFilter } from '../portal-exception.filter';
import { sendHtml } from '../views/html';
import { keysPage } from '../views/keys.view';
import { createKeyFormFrom, validateCreateKeyForm } from './create-key.form';
import { PortalKeysService } from './portal-keys.service';

/** API keys of the signed-in tenant: every role may look; only admins create and revoke. */
@Controller('portal/keys')
@UseFilters(PortalExceptionFilter)
@UseGuards(PortalAuthGuard)
export class PortalKeysController {
  constructor(private readonly keys: PortalKeysService) {}

  @Get()
  async list(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    const viewer = request.portalSession!;
    sendHtml(response, 200, keysPage({ viewer, keys: await this.keys.list(viewer.tenantId) }));
  }

  /**
   * Answers with the page itself, not a redirect: the secret exists only in this response
   * (sendHtml marks it no-store) and is never stored or logged.
   */
  @Post()
  @PortalRoles('admin')
  async create(@Req() request: PortalRequest, @Res() response: Response): Promise<void> {
    const viewer = request.portalSession!;
    const form = createKeyFormFrom(request.body);
    const checked = validateCreateKeyForm(form);
    if ('error' in checked) {
      const keys = await this.keys.list(viewer.tenantId);
      return sendHtml(response, 400, keysPage({ viewer, keys, form, error: checked.error }));
    }
    const { plaintext } = await this.keys.create(viewer.tenantId, checked.input);
    const keys = await this.keys.list(viewer.tenantId);
    sendHtml(response, 201, keysPage({ viewer, keys, newSecret: plaintext }));
  }

  @Post(':id/revoke')
  @PortalRoles('admin')
  async revoke(
    @Req() request: PortalRequest,
    @Param('id') id: string,
    @Res() response: Response,
  ): Promise<void> {
    const { tenantId } = request.portalSession!;
    if (!(await this.keys.revoke(tenantId, id))) throw new NotFoundException('No such API key.');
    response.redirect(303, '/portal/keys');
  }
}
