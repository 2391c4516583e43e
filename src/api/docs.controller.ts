import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { dirname, join } from 'node:path';
import { ApiError } from '../common/api-error';
import { OPENAPI_DOCUMENT } from './openapi.document';

const ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
]);

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conversation Analytics API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' });`;

/** OpenAPI document and swagger-ui served from the installed package (no CDN). */
@Controller()
export class DocsController {
  // swagger-ui-dist ships no types; its package directory holds the assets.
  private readonly assetRoot = dirname(require.resolve('swagger-ui-dist/package.json'));

  @Get('openapi.json')
  openapi(): typeof OPENAPI_DOCUMENT {
    return OPENAPI_DOCUMENT;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return DOCS_PAGE;
  }

  @Get('docs/init.js')
  @Header('Content-Type', 'application/javascript; charset=utf-8')
  init(): string {
    return INIT_SCRIPT;
  }

  @Get('docs/assets/:file')
  asset(@Param('file') file: string, @Res() response: Response): void {
    if (!ASSETS.has(file)) throw new ApiError('not_found', 'No such asset.');
    response.sendFile(join(this.assetRoot, file));
  }
}
