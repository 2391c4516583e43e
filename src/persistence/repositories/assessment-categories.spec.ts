import {
  decodeRaisedCategories,
  encodeRaisedCategories,
  raisedCategoryPattern,
} from './assessment-categories';

describe('raised_categories column', () => {
  it('lists the categories above none in taxonomy order, delimited on both ends', () => {
    expect(
      encodeRaisedCategories({
        pii: { level: 'low' },
        self_harm: { level: 'high' },
        violence: { level: 'none' },
      }),
    ).toBe(',self_harm,pii,');
  });

  it('is empty when nothing was raised and decodes back', () => {
    expect(encodeRaisedCategories({ pii: { level: 'none' } })).toBe('');
    expect(decodeRaisedCategories('')).toEqual([]);
    expect(decodeRaisedCategories(null)).toEqual([]);
    expect(decodeRaisedCategories(',self_harm,pii,')).toEqual(['self_harm', 'pii']);
  });

  it('escapes LIKE wildcards so self_harm cannot match selfXharm', () => {
    expect(raisedCategoryPattern('self_harm')).toBe('%,self\\_harm,%');
  });
});
