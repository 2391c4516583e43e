import type {
  DetectorHit,
  TextDetector,
} from '../../../src/engine/plugin-registry/plugin-contract';

/**
 * Secrets: API keys and tokens of well-known shapes, JWTs, PEM private keys, and statements that
 * give a password ("my password is hunter2", "password: x", "비밀번호는 abc123이야").
 * Every token pattern must start at a token boundary (look-behind), so each character is scanned
 * by a bounded number of attempts and the scan stays linear.
 */
/** `cue` is a cheap substring test that must pass before the pattern runs at all. */
type KeyShape = { kind: string; cue: RegExp; pattern: RegExp };

const B = '(?<![A-Za-z0-9_-])';
const KEY_SHAPES: KeyShape[] = [
  {
    kind: 'openai_key',
    cue: /sk-/,
    pattern: new RegExp(
      `${B}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}(?![A-Za-z0-9_-])`,
      'g',
    ),
  },
  {
    kind: 'anthropic_key',
    cue: /sk-ant-/,
    pattern: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{20,200}(?![A-Za-z0-9_-])`, 'g'),
  },
  {
    kind: 'aws_access_key',
    cue: /A[KS]IA/,
    pattern: new RegExp(`${B}(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])`, 'g'),
  },
  {
    kind: 'github_token',
    cue: /gh[pousr]_|github_pat_/,
    pattern: new RegExp(
      `${B}(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})(?![A-Za-z0-9_])`,
      'g',
    ),
  },
  {
    kind: 'slack_token',
    cue: /xox/,
    pattern: new RegExp(`${B}xox[abposr]-[A-Za-z0-9-]{10,200}(?![A-Za-z0-9-])`, 'g'),
  },
  {
    kind: 'google_api_key',
    cue: /AIza/,
    pattern: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, 'g'),
  },
  {
    kind: 'stripe_key',
    cue: /_(?:live|test)_/,
    pattern: new RegExp(`${B}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,200}(?![A-Za-z0-9])`, 'g'),
  },
  {
    // Bot tokens: the bot's numeric id in base64 (an 18-20 digit id starts M, N or O), a
    // 6-character timestamp and a 27-38 character HMAC, dot-separated.
    kind: 'discord_token',
    cue: /[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6}\./,
    pattern: new RegExp(
      `${B}[MNO][A-Za-z0-9_-]{22,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,38}(?![A-Za-z0-9_-])`,
      'g',
    ),
  },
  {
    kind: 'jwt',
    cue: /eyJ/,
    pattern: new RegExp(
      `${B}eyJ[A-Za-z0-9_-]{8,4000}\\.eyJ[A-Za-z0-9_-]{8,8000}\\.[A-Za-z0-9_-]{8,4000}(?![A-Za-z0-9_-])`,
      'g',
    ),
  },
];
/** Any key shape's cue: one scan instead of one per shape on the turns that have none. */
const ANY_KEY_CUE = new RegExp(KEY_SHAPES.map((shape) => shape.cue.source).join('|'));
/**
 * Every key shape is a run of at least 11 token characters (a JWT's "eyJ" + 8), and a stated
 * secret's value one of 16 (SECRET_STATEMENT); shorter runs rule both out.
 */
const MIN_KEY_RUN = 11;
const MIN_SECRET_RUN = 16;
const PRIVATE_KEY_BEGIN = /-----BEGIN (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY-----/g;

/** "my api key is 9f8e...", "token: abc...": a long mixed value given for a key/token word. */
const SECRET_STATEMENT =
  /(?:api[\s_-]?key|access[\s_-]?key|secret[\s_-]?key|access[\s_-]?token|auth[\s_-]?token|bearer|token|client[\s_-]?secret|토큰|api\s?키|시크릿\s?키|액세스\s?키)\s*(?:is|=|:|는|은)?\s*["'`]?([A-Za-z0-9_\-./+=]{16,200})/gi;
/** More secrets than this in one turn add nothing; keeps the overlap checks bounded. */
const MAX_HITS = 32;
const PASSWORD_CUE = /pass|pwd|pw|pin|비밀번호|비번|패스워드|암호/i;
/** PASSWORD_KO needs one of its own words (it runs only after PASSWORD_CUE passed). */
const PASSWORD_KO_CUE = /비밀번호|비번|패스워드|암호|핀번호/;
/**
 * "password is X", "password: X", and with a short bridge (named group `bridge`) "password for
 * my insta is X", "password? it's X". A bridged value must look like a secret (see below).
 */
const PASSWORD_EN =
  /\b(?:password|passwd|passcode|pass\s?word|pass(?=\s*[:=])|pwd|pw|pin(?:\s?code)?)(?:(?<bridge>\s+(?:for|to|of|on)\s+(?:(?:my|the|our|your)\s+)?[\w.-]{2,20}(?:\s+account)?\s+(?:is|was|=|:|-)|\s*\?\s*(?:it'?s|its))\s*|\s*(?:(?:is|was|=|:|-)\s*|is\s*:\s*))["'`“]?(?<value>[^\s"'`”]{3,64})/gi;
/**
 * "비번은 X", "비번: X", and with a telling verb (`bridge`) "비번 알려줄게 X". A value may start
 * with Hangul when digits or symbols follow it ("사랑해1004"); Hangul alone is talk ("까먹었어").
 */
const PASSWORD_KO =
  /(?:비밀번호|비번|패스워드|암호|핀번호)\s*(?:는|은|이|가|:|=)?\s*(?:바로\s*)?(?<bridge>(?:알려|가르쳐|말해|불러)\s*(?:줄[게께]|줌|드릴[게께]|준다)\s*[.!~]*\s*)?["'`“]?(?<value>(?:[가-힣]{1,8}(?=[0-9!@#$%^&*]))?[A-Za-z0-9!@#$%^&*()_+=.?~-]{3,64})/g;

/** Words that follow "password is" without being a password. */
const NOT_A_PASSWORD = new Set([
  // "the password is 'password'": the word itself is the joke, not a secret
  'password',
  'passwort',
  'the',
  'a',
  'an',
  'too',
  'very',
  'not',
  'so',
  'weak',
  'strong',
  'wrong',
  'incorrect',
  'correct',
  'same',
  'different',
  'expired',
  'required',
  'invalid',
  'hard',
  'easy',
  'long',
  'short',
  'secure',
  'safe',
  'changed',
  'reset',
  'my',
  'your',
  'his',
  'her',
  'their',
  'our',
  'what',
  'something',
  'hidden',
  'private',
  'secret',
  'case',
  'needed',
  'missing',
  'empty',
  'blank',
  'saved',
  'stored',
  'encrypted',
  'protected',
  'set',
  'there',
  'here',
  'it',
  'this',
  'that',
  'and',
  'but',
  'for',
  'unknown',
  'forgotten',
  'lost',
  'stolen',
  'compromised',
  'leaked',
  'updated',
  'none',
  'null',
  'sensitive',
  'important',
  'ok',
  'okay',
  'fine',
  'good',
  'bad',
  'better',
  'great',
  'simple',
  'complex',
  'complicated',
  'still',
  'now',
  'also',
  'just',
  'really',
  'same',
  'manager',
  'reset',
  'policy',
  'requirements',
  'field',
  'protected',
  'only',
  'one',
  'two',
  'something',
  'please',
]);

export class CredentialDetector implements TextDetector {
  readonly id = 'pii.credential';
  readonly subcategories = ['credential'] as const;

  detect(text: string): DetectorHit[] {
    const hits: DetectorHit[] = [];
    const [keyRun, secretRun] = longestRuns(text);
    const keyShapes = keyRun >= MIN_KEY_RUN && ANY_KEY_CUE.test(text) ? KEY_SHAPES : [];
    for (const shape of keyShapes) {
      if (!shape.cue.test(text)) continue;
      for (const m of text.matchAll(shape.pattern)) {
        if (hits.length >= MAX_HITS) break;
        if (shape.kind === 'openai_key' && m[0].startsWith('sk-ant-')) continue;
        if (!/\d/.test(m[0]) && shape.kind !== 'jwt') continue;
        hits.push(this.hit(m.index, m.index + m[0].length, shape.kind, true));
      }
    }
    if (text.includes('PRIVATE KEY')) this.findPrivateKeys(text, hits);
    if (secretRun >= MIN_SECRET_RUN && /key|token|bearer|secret|토큰|키/i.test(text)) {
      this.findSecretStatements(text, hits);
    }
    if (PASSWORD_CUE.test(text)) {
      this.findPasswordStatements(text, PASSWORD_EN, hits);
      if (PASSWORD_KO_CUE.test(text)) this.findPasswordStatements(text, PASSWORD_KO, hits);
    }
    return dedupe(hits);
  }

  private findPrivateKeys(text: string, hits: DetectorHit[]): void {
    for (const m of text.matchAll(PRIVATE_KEY_BEGIN)) {
      const endMarker = text.indexOf('PRIVATE KEY-----', m.index + m[0].length);
      const end = endMarker >= 0 ? endMarker + 'PRIVATE KEY-----'.length : m.index + m[0].length;
      hits.push(this.hit(m.index, end, 'private_key', true));
    }
  }

  private findSecretStatements(text: string, hits: DetectorHit[]): void {
    for (const m of text.matchAll(SECRET_STATEMENT)) {
      if (hits.length >= MAX_HITS) return;
      const value = m[1];
      // Real keys mix letters and digits; "token_authentication_middleware" does not.
      if (!/\d/.test(value) || !/[A-Za-z]/.test(value) || /^\d+$/.test(value)) continue;
      const end = m.index + m[0].length;
      // A value that is already a known key shape keeps its specific kind.
      if (hits.some((h) => h.start < end && m.index < h.end)) continue;
      hits.push(this.hit(m.index, end, 'api_key', false));
    }
  }

  private findPasswordStatements(text: string, pattern: RegExp, hits: DetectorHit[]): void {
    for (const m of text.matchAll(pattern)) {
      const captured = m.groups?.value ?? '';
      const value = captured.replace(/[.,!?;)]+$/, '');
      if (value.length < 3 || NOT_A_PASSWORD.has(value.toLowerCase())) continue;
      // Across a bridge ("password for my insta is ...") a plain word is as likely talk as a
      // secret; a value with a digit or a symbol is not.
      if (m.groups?.bridge && /^[A-Za-z]+$/.test(value)) continue;
      // A plain lower-case word ("my password is literally my dog's name") is a password only
      // when it is quoted, follows ":"/"=", or ends the clause ("my password is sunshine").
      const lead = m[0].slice(0, m[0].length - captured.length);
      const valueEnd = m.index + m[0].length - captured.length + value.length;
      if (/^[a-z]+$/.test(value)) {
        const quoted = /["'`“]\s*$/.test(lead);
        const assigned = /[:=]\s*$/.test(lead);
        const endsClause = /^\s*(?:$|[.,!?;\n])/.test(text.slice(valueEnd, valueEnd + 2));
        if (!quoted && !assigned && !endsClause) continue;
      }
      const valueStart = m.index + m[0].length - captured.length;
      hits.push(this.hit(m.index, valueStart + value.length, 'password', false));
    }
  }

  private hit(start: number, end: number, kind: string, validated: boolean): DetectorHit {
    return { subcategory: 'credential', start, end, validated, facts: { kind } };
  }
}

/**
 * Longest runs of key characters ([A-Za-z0-9_-]) and of secret-value characters (those plus
 * `./+=`), in one pass over the text.
 */
function longestRuns(text: string): [number, number] {
  let key = 0;
  let secret = 0;
  let longestKey = 0;
  let longestSecret = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const keyChar =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    key = keyChar ? key + 1 : 0;
    secret = keyChar || c === 46 || c === 47 || c === 43 || c === 61 ? secret + 1 : 0;
    if (key > longestKey) longestKey = key;
    if (secret > longestSecret) longestSecret = secret;
  }
  return [longestKey, longestSecret];
}

function dedupe(hits: DetectorHit[]): DetectorHit[] {
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: DetectorHit[] = [];
  for (const h of hits) {
    const last = out[out.length - 1];
    if (last && h.start < last.end) continue;
    out.push(h);
  }
  return out;
}
