import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulesEngineService } from '../../src/engine/rules/rules-engine.service';
import { StartupError } from '../../src/engine/startup-error';
import { FIXTURE_PLUGINS, FIXTURE_RULES, turnContext } from './engine-fixture';

describe('RulesEngineService hot reload', () => {
  let dir: string;
  let service: RulesEngineService;
  const pack = () => join(dir, 'self_harm', 'ideation.yaml');
  const fires = (text: string) => service.evaluate(turnContext(text)).findings.map((f) => f.code);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-reload-'));
    cpSync(FIXTURE_RULES, dir, { recursive: true });
    service = new RulesEngineService({
      rulesDir: dir,
      pluginsDir: FIXTURE_PLUGINS,
      requirePlugins: false,
    });
    service.onModuleInit();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('swaps in a changed rule set and reports the new version', async () => {
    const before = service.rulesVersion;
    expect(fires('there is no reason to live')).toEqual(['self_harm.ideation.regex']);
    writeFileSync(
      pack(),
      readFileSync(pack(), 'utf8').replace('no reason to (live|go on)', 'nothing to live for'),
    );
    const result = await service.reload();
    expect(result).toMatchObject({ ok: true, previousVersion: before, problems: [] });
    expect(result.rulesVersion).not.toBe(before);
    expect(service.rulesVersion).toBe(result.rulesVersion);
    expect(fires('there is no reason to live')).toEqual([]);
    expect(fires('i have nothing to live for')).toEqual(['self_harm.ideation.regex']);
    expect(service.status().lastReload).toEqual(result);
  });

  it('keeps serving the old set when the new one is broken, and says why', async () => {
    const before = service.rulesVersion;
    writeFileSync(pack(), readFileSync(pack(), 'utf8').replace('score: 0.75', 'score: 7.5'));
    const result = await service.reload();
    expect(result.ok).toBe(false);
    expect(result.rulesVersion).toBe(before);
    expect(result.problems.join('\n')).toMatch(
      /ideation\.yaml:\d+:\d+: self_harm\.ideation\.want-to-die: score must be in \(0, 1\]/,
    );
    expect(service.rulesVersion).toBe(before);
    expect(fires('I want to die')).toEqual(['self_harm.ideation.want-to-die']);
    expect(service.status()).toMatchObject({ rulesVersion: before, lastReload: { ok: false } });
  });

  it('refuses to start on a broken rule set with a StartupError', () => {
    writeFileSync(pack(), 'id: [');
    const broken = new RulesEngineService({
      rulesDir: dir,
      pluginsDir: FIXTURE_PLUGINS,
      requirePlugins: false,
    });
    expect(() => broken.onModuleInit()).toThrow(StartupError);
    expect(() => broken.onModuleInit()).toThrow(/npm run rules:lint/);
  });
});
