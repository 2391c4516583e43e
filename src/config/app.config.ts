import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { StartupError } from '../common/startup.error';

/**
 * Configuration, one class per concern, read from the environment and validated at boot.
 * The defaults are the documentation: with no environment set the service runs embedded
 * (SQLite under ./data, no Redis).
 */
const toInt = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

export class ServerConfig {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535) port = 3000;
  @IsIn(['api', 'worker', 'all']) role: 'api' | 'worker' | 'all' = 'all';
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) logLevel = 'info';
}

export class DatabaseConfig {
  /** PostgreSQL URL; when absent the embedded SQLite file is used. */
  @IsOptional() @IsString() url?: string;
  @IsString() sqlitePath = './data/conversation-analytics.sqlite';
  /** Run pending migrations at start: always for SQLite, opt-in for PostgreSQL. */
  @IsIn(['auto', 'true', 'false']) migrateOnStart: 'auto' | 'true' | 'false' = 'auto';

  get type(): 'postgres' | 'sqlite' {
    return this.url ? 'postgres' : 'sqlite';
  }
}

export class LimitsConfig {
  @Transform(toInt) @IsInt() @Min(1024) maxBodyBytes = 64 * 1024;
  @Transform(toInt) @IsInt() @Min(1) maxTextChars = 16_000;
  /** Requests per key per window; 0 disables the limiter. */
  @Transform(toInt) @IsInt() @Min(0) rateLimitPerWindow = 600;
  @Transform(toInt) @IsInt() @Min(1) rateLimitWindowSeconds = 10;
}

export class RetentionConfig {
  @IsIn(['none', 'redacted', 'full']) text: 'none' | 'redacted' | 'full' = 'redacted';
  /** Stored assessments older than this are purged; 0 keeps them forever. */
  @Transform(toInt) @IsInt() @Min(0) days = 90;
}

export class RedisConfig {
  @IsOptional() @IsString() url?: string;
  /** Prefix of the app's own Redis keys (rate-limit counters), so apps sharing a Redis stay apart. */
  @IsString() keyPrefix = 'ca';
}

export class AppConfig {
  @ValidateNested() @Type(() => ServerConfig) server = new ServerConfig();
  @ValidateNested() @Type(() => DatabaseConfig) database = new DatabaseConfig();
  @ValidateNested() @Type(() => LimitsConfig) limits = new LimitsConfig();
  @ValidateNested() @Type(() => RetentionConfig) retention = new RetentionConfig();
  @ValidateNested() @Type(() => RedisConfig) redis = new RedisConfig();
}

export const APP_CONFIG = Symbol('APP_CONFIG');

type Env = Record<string, string | undefined>;

function defined(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Builds and validates the configuration; throws a StartupError naming every bad variable. */
export function loadAppConfig(env: Env = process.env): AppConfig {
  const plain = {
    server: defined({ port: env.PORT, role: env.ROLE, logLevel: env.LOG_LEVEL }),
    database: defined({
      url: env.DATABASE_URL || undefined,
      sqlitePath: env.SQLITE_PATH,
      migrateOnStart: env.MIGRATE_ON_START,
    }),
    limits: defined({
      maxBodyBytes: env.MAX_BODY_BYTES,
      maxTextChars: env.MAX_TEXT_CHARS,
      rateLimitPerWindow: env.RATE_LIMIT_REQUESTS,
      rateLimitWindowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    }),
    retention: defined({ text: env.RETENTION_TEXT, days: env.RETENTION_DAYS }),
    redis: defined({ url: env.REDIS_URL || undefined, keyPrefix: env.REDIS_KEY_PREFIX }),
  };
  const config = plainToInstance(AppConfig, plain, { exposeDefaultValues: true });
  const problems = validateSync(config).flatMap((section) =>
    (section.children ?? []).map(
      (child) =>
        `${section.property}.${child.property}=${JSON.stringify(child.value)}: ${Object.values(child.constraints ?? {}).join('; ')}`,
    ),
  );
  if (problems.length > 0) {
    throw new StartupError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return config;
}
