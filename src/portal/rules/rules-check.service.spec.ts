import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulesEngineService } from '../../engine/rules/rules-engine.service';
import { FIXTURE_PLUGINS, FIXTURE_RULES } from '../../../test/rules/engine-fixture';
import { RulesCheckService } from './rules-check.service';

describe(RulesCheckService.name, () => {
  let dir: string;
  let sut: RulesCheckService;
  const pack = () => join(dir, 'self_harm', 'ideation.yaml');
  const edit = (from: string, to: string) =>
    writeFileSync(pack(), readFileSync(pack(), 'utf8').replace(from, to));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-check-'));
    cpSync(FIXTURE_RULES, dir, { recursive: true });
    const engine = new RulesEngineService({
      rulesDir: dir,
      pluginsDir: FIXTURE_PLUGINS,
      requirePlugins: false,
    });
    sut = new RulesCheckService(engine);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on a clean set, keeps the result, and never runs twice at once', async () => {
    expect(sut.lastResult).toBeNull();
    const first = sut.run();
    expect(sut.run()).toBe(first);
    const result = await first;
    expect(result).toMatchObject({ status: 'pass', failed: 0, problems: [], failures: [] });
    expect(result.passed).toBeGreaterThan(10);
    expect(sut.lastResult).toBe(result);
    expect(sut.run()).not.toBe(first);
  });

  it('fails on a failing inline test, saying where', async () => {
    edit('match: ["There is NO reason to live"]', 'match: ["There is NO reason to leave"]');
    const result = await sut.run();
    expect(result).toMatchObject({ status: 'fail', failed: 1, problems: [] });
    expect(result.failures[0]).toMatchObject({
      name: 'self_harm.ideation.regex',
      at: expect.stringMatching(/ideation\.yaml:\d+:\d+$/),
    });
  });

  it('fails on a lint problem, still testing the packs that load', async () => {
    edit('score: 0.75', 'score: 7.5');
    const result = await sut.run();
    expect(result.status).toBe('fail');
    expect(result.problems.join('\n')).toMatch(
      /ideation\.yaml:\d+:\d+: .*score must be in \(0, 1\]/,
    );
    expect(result.passed).toBeGreaterThan(0);
  });
});
