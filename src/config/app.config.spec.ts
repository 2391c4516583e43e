import { StartupError } from '../common/startup.error';
import { loadAppConfig } from './app.config';

describe(loadAppConfig.name, () => {
  it('runs embedded with no environment', () => {
    const config = loadAppConfig({});
    expect(config.server.port).toBe(3000);
    expect(config.database.type).toBe('sqlite');
    expect(config.retention.text).toBe('redacted');
    expect(config.limits).toMatchObject({ maxBodyBytes: 65536, maxTextChars: 16000 });
  });

  it('switches to PostgreSQL with DATABASE_URL and reads numbers', () => {
    const config = loadAppConfig({
      DATABASE_URL: 'postgres://x@h/db',
      PORT: '8080',
      MAX_TEXT_CHARS: '100',
    });
    expect(config.database.type).toBe('postgres');
    expect(config.server.port).toBe(8080);
    expect(config.limits.maxTextChars).toBe(100);
  });

  it('names every invalid variable', () => {
    expect(() => loadAppConfig({ PORT: 'abc', RETENTION_TEXT: 'some' })).toThrow(StartupError);
    try {
      loadAppConfig({ PORT: 'abc', RETENTION_TEXT: 'some' });
    } catch (error) {
      expect((error as Error).message).toMatch(/server\.port/);
      expect((error as Error).message).toMatch(/retention\.text/);
    }
  });
});
