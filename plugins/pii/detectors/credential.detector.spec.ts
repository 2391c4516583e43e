import { CredentialDetector } from './credential.detector';

const detector = new CredentialDetector();
const kinds = (text: string): string[] => detector.detect(text).map((h) => String(h.facts?.kind));
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

// Synthetic keys built at run time so no real-looking secret sits in the repository.
const repeat = (s: string, n: number): string => s.repeat(n);

describe('pii.credential', () => {
  it.each([
    [`here is my key sk-proj-${repeat('a1B2', 8)}`, 'openai_key'],
    [`AKIA${repeat('Z7', 8)} is the access key`, 'aws_access_key'],
    [`token ghp_${repeat('x9Y8', 9)}`, 'github_token'],
    [`xoxb-${repeat('12345-', 3)}abcdef`, 'slack_token'],
    [`AIza${repeat('Sy1', 11)}XY`, 'google_api_key'],
    [`sk_live_${repeat('4eC39HqL', 3)}`, 'stripe_key'],
    [
      `bot token ${'MTE5ODc2NTQzMjEwOTg3NjU0'}.Gx${repeat('k2', 2)}.${repeat('aB3dE', 7)}`,
      'discord_token',
    ],
    [`eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${repeat('dBjftJeZ4CVP', 2)}`, 'jwt'],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIabc\n-----END RSA PRIVATE KEY-----', 'private_key'],
    ['my password is hunter2', 'password'],
    ['my password is sunshine.', 'password'],
    ['password: Tr0ub4dor&3', 'password'],
    ['wifi pw = "correcthorse"', 'password'],
    ['비밀번호는 abc123이야', 'password'],
    ['my api key is 9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'api_key'],
    ['Authorization: Bearer abcd1234efgh5678ijkl', 'api_key'],
    ['토큰: a1b2c3d4e5f6g7h8i9j0', 'api_key'],
    ['내 비번 qwer1234 잊지마', 'password'],
    ['비번 알려줄게 qwerty123', 'password'],
    ['비밀번호 : 사랑해1004 ㅋㅋ 말하지마', 'password'],
    ['내 비밀번호 가르쳐줄께 Sunny!2024', 'password'],
    ['the password for my insta is lily2009', 'password'],
    ['my pin for the bank account is 4821', 'password'],
    ["my password? it's dragon99", 'password'],
  ])('finds %s', (text, kind) => {
    expect(kinds(text)).toEqual([kind]);
  });

  it('spans the value, and validates key shapes only', () => {
    const text = 'my password is hunter2!';
    expect(found(text)).toEqual(['password is hunter2']);
    expect(detector.detect(text)[0].validated).toBe(false);
    expect(detector.detect(`AKIA${repeat('Z7', 8)}`)[0].validated).toBe(true);
  });

  it.each([
    'i forgot my password',
    "the password is 'password' lol that's the joke",
    'my password is too weak',
    'the password is required to log in',
    'my password is literally my dogs name',
    'how do i reset my password?',
    'what is a good password',
    '비밀번호 변경하는 법 알려줘',
    '비밀번호를 잊어버렸어',
    'sk-short',
    'the task-manager is slow',
    'AKIA is not a key',
    'eyJ alone',
    'the token_authentication_middleware is slow',
    'my api key is in the env file',
    'the password for my insta is something dumb',
    'the password for netflix is shared with my sister',
    '비번 알려줄게 나중에',
    '비번 알려줄게 lol',
    "password? it's fine i remember it",
    '비밀번호 까먹었어 ㅠㅠ',
    '비번은 생일로 했어',
  ])('ignores %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
