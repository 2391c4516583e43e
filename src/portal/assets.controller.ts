import { Controller, Get, NotFoundException, Param, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PortalExceptionFilter } from './portal-exception.filter';

/** The portal's own scripts and styles live beside this file (copied to dist by postbuild). */
const OWN_ASSETS_DIR = join(__dirname, 'assets');
const OWN_ASSET_NAME = /^[a-z0-9-]+\.(?:js|css|svg)$/;

/** Third-party browser bundles come from node_modules: the machines are offline, no CDN. */
const VENDOR_ASSETS: Readonly<Record<string, () => string>> = {
  'chart.umd.min.js': () => join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'),
};

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

/**
 * Static files for portal pages, public (they hold no data). Names are whitelisted by pattern,
 * so no path can leave the assets directory.
 */
@Controller('portal/assets')
@UseFilters(PortalExceptionFilter)
export class PortalAssetsController {
  @Get(':name')
  asset(@Param('name') name: string, @Res() response: Response): void {
    const file = this.resolve(name);
    if (!file) throw new NotFoundException('No such portal asset.');
    response
      .setHeader('Content-Type', CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)]!)
      .setHeader('Cache-Control', 'public, max-age=3600')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .sendFile(file);
  }

  private resolve(name: string): string | null {
    const vendor = VENDOR_ASSETS[name];
    if (vendor) return vendor();
    if (!OWN_ASSET_NAME.test(name)) return null;
    const file = join(OWN_ASSETS_DIR, name);
    return existsSync(file) ? file : null;
  }
}
