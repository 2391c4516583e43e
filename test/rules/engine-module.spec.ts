import { Test } from '@nestjs/testing';
import { EngineModule } from '../../src/engine/engine.module';
import { RulesEngineService } from '../../src/engine/rules/rules-engine.service';
import { RulesStage } from '../../src/engine/rules/rules.stage';
import { turnContext } from './engine-fixture';

describe('EngineModule', () => {
  it('loads the shipped rule set at start and serves it through the rules stage', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [EngineModule] }).compile();
    await moduleRef.init();
    const engine = moduleRef.get(RulesEngineService);
    expect(engine.rulesVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(engine.status().packs.length).toBeGreaterThan(0);
    const outcome = await moduleRef.get(RulesStage).run(turnContext('hello, how was your day?'));
    expect(outcome).toMatchObject({ ran: true, findings: [] });
    await moduleRef.close();
  });
});
