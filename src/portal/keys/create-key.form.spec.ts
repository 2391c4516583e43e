import { createKeyFormFrom, validateCreateKeyForm } from './create-key.form';

describe('create-key form', () => {
  it('reads one checked scope as a string and several as an array', () => {
    expect(createKeyFormFrom({ mode: 'test', scopes: 'assess' }).scopes).toEqual(['assess']);
    expect(createKeyFormFrom({ mode: 'test', scopes: ['assess', 'read'] }).scopes).toEqual([
      'assess',
      'read',
    ]);
    expect(createKeyFormFrom({ name: '  ci  ' }).name).toBe('ci');
    expect(createKeyFormFrom(undefined)).toEqual({ mode: '', scopes: [], name: '' });
  });

  it('accepts live/test with known scopes, deduplicated, and names an unnamed key', () => {
    expect(validateCreateKeyForm({ mode: 'live', scopes: ['read', 'read'], name: '' })).toEqual({
      input: { mode: 'live', scopes: ['read'], name: 'portal' },
    });
    expect(
      validateCreateKeyForm({ mode: 'test', scopes: ['assess', 'admin'], name: 'ci' }),
    ).toEqual({ input: { mode: 'test', scopes: ['assess', 'admin'], name: 'ci' } });
  });

  it.each([
    [{ mode: 'prod', scopes: ['read'], name: '' }, /Mode must be live or test/],
    [{ mode: 'test', scopes: [], name: '' }, /at least one scope/],
    [{ mode: 'test', scopes: ['read', 'root'], name: '' }, /Unknown scope: root/],
    [{ mode: 'test', scopes: ['read'], name: 'x'.repeat(201) }, /at most 200/],
  ])('refuses %j', (form, message) => {
    const result = validateCreateKeyForm(form);
    expect('error' in result && result.error).toMatch(message);
  });
});
