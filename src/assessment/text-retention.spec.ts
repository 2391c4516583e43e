import type { Reason } from '../engine/pipeline/assessment-scorer';
import { retainedText } from './text-retention';

const reason = (category: Reason['category'], start: number, end: number): Reason => ({
  category,
  subcategory: 'x',
  stage: 'rules',
  code: 'c',
  message: 'm',
  spans: [{ start, end }],
});

describe(retainedText.name, () => {
  const text = 'mail me at a@b.co or call';

  it('masks pii spans only, keeping offsets', () => {
    const stored = retainedText(
      text,
      [reason('pii', 11, 17), reason('harassment', 0, 4)],
      'redacted',
    );
    expect(stored).toBe('mail me at ****** or call');
    expect(stored).toHaveLength(text.length);
  });

  it('keeps nothing for none and everything for full', () => {
    expect(retainedText(text, [reason('pii', 11, 17)], 'none')).toBeNull();
    expect(retainedText(text, [reason('pii', 11, 17)], 'full')).toBe(text);
  });

  it('clamps spans outside the text', () => {
    expect(retainedText('abc', [reason('pii', 1, 99)], 'redacted')).toBe('a**');
  });
});
