import { CORE_NORMALISERS } from '../normalisation/core-normalisers';
import { TurnText } from '../normalisation/turn-text';
import {
  compileExpression,
  compileRuleRegex,
  compileTriggered,
  triggerCheck,
  type ExpressionResolver,
  type TurnScope,
} from './expression-compiler';
import { PhraseIndex } from './phrase-index';
import type { Expression } from './rule-pack.types';

/** Triggers let the rule set skip rules whose phrases did not occur: they must be necessary. */

const at = { file: 'inline', line: 1, column: 1 };
const phrases = (...list: string[]): Expression => ({ at, kind: 'phrases', phrases: list });
const regex = (pattern: string): Expression => ({ at, kind: 'regex', pattern, raw: false });

function resolver(): ExpressionResolver {
  return {
    phrases: new PhraseIndex(CORE_NORMALISERS),
    listTerms: (name) => (name === 'harms' ? ['hurt', 'kill'] : null),
    regex: (pattern, raw) => compileRuleRegex(0, pattern, raw),
    hasDetector: () => false,
  };
}

const phraseTrigger = (...ids: (number | null)[]) => ({
  phrases: ids,
  regexes: [],
  cost: ids.length,
});

describe('expression triggers', () => {
  it('a phrase or list expression is triggered by its own phrases', () => {
    const r = resolver();
    const kill = r.phrases.add('kill');
    expect(compileTriggered(phrases('kill', 'kill'), r).trigger).toEqual(phraseTrigger(kill));
    expect(
      compileTriggered({ at, kind: 'lists', lists: ['harms'] }, r).trigger?.phrases,
    ).toHaveLength(2);
  });

  it('all and near take the narrowest side; any needs a trigger on every item', () => {
    const r = resolver();
    const narrow = phrases('die');
    const wide = phrases('hurt', 'kill', 'harm');
    const die = r.phrases.add('die');
    expect(compileTriggered({ at, kind: 'all', items: [wide, narrow] }, r).trigger).toEqual(
      phraseTrigger(die),
    );
    expect(
      compileTriggered({ at, kind: 'near', a: wide, b: narrow, within: 3, ordered: false }, r)
        .trigger,
    ).toEqual(phraseTrigger(die));
    expect(
      compileTriggered({ at, kind: 'any', items: [wide, narrow] }, r).trigger?.phrases,
    ).toHaveLength(4);
    expect(
      compileTriggered({ at, kind: 'any', items: [narrow, regex('[0-9a-z]+')] }, r).trigger,
    ).toBe(null);
  });

  it('a regex with required literals triggers by itself, also inside any', () => {
    const r = resolver();
    const die = r.phrases.add('die');
    expect(compileTriggered(regex('(^|[^a-z])unalive'), r).trigger).toEqual({
      phrases: [],
      regexes: [0],
      cost: 1,
    });
    expect(
      compileTriggered({ at, kind: 'any', items: [phrases('die'), regex('unalive\\b')] }, r)
        .trigger,
    ).toEqual({ phrases: [die], regexes: [0], cost: 2 });
  });

  it('all and near weigh a regex by its literals: one-letter literals lose to a phrase list', () => {
    const r = resolver();
    const words = phrases('phone', 'number', 'call me', 'text me');
    const ids = ['phone', 'number', 'call me', 'text me'].map((p) => r.phrases.add(p));
    const digits = regex('[0-9]{3}-[0-9]{4}');
    const pronoun = regex('\\b(i|we)\\b');
    expect(compileTriggered({ at, kind: 'all', items: [pronoun, words] }, r).trigger).toEqual(
      phraseTrigger(...ids),
    );
    expect(
      compileTriggered({ at, kind: 'near', a: words, b: digits, within: 3, ordered: false }, r)
        .trigger,
    ).toEqual(phraseTrigger(...ids));
    // A regex with a long literal is as selective as a phrase, and one regex beats four phrases.
    expect(
      compileTriggered({ at, kind: 'all', items: [words, regex('unalive\\b')] }, r).trigger
        ?.regexes,
    ).toEqual([0]);
  });

  it('all and near confirm with their next cheapest part; any and single parts have no confirm', () => {
    const r = resolver();
    const [die, hurt, kill] = ['die', 'hurt', 'kill'].map((p) => r.phrases.add(p));
    const narrow = phrases('die');
    const wide = phrases('hurt', 'kill');
    const all = compileTriggered({ at, kind: 'all', items: [wide, narrow] }, r);
    expect([all.trigger, all.confirm]).toEqual([phraseTrigger(die), phraseTrigger(hurt, kill)]);
    const near = compileTriggered(
      { at, kind: 'near', a: narrow, b: wide, within: 3, ordered: false },
      r,
    );
    expect([near.trigger, near.confirm]).toEqual([phraseTrigger(die), phraseTrigger(hurt, kill)]);
    // Nested: the parts' own confirms compete too (every one is necessary).
    const nested = compileTriggered(
      { at, kind: 'all', items: [{ at, kind: 'all', items: [narrow, wide] }, regex('.')] },
      r,
    );
    expect(nested.confirm).toEqual(phraseTrigger(hurt, kill));
    expect(compileTriggered({ at, kind: 'any', items: [wide, narrow] }, r).confirm).toBe(null);
    expect(compileTriggered(wide, r).confirm).toBe(null);
  });

  it('expressions that can match without any phrase or literal have no trigger', () => {
    const r = resolver();
    expect(compileTriggered(regex('[0-9a-z]+'), r).trigger).toBe(null);
    expect(compileTriggered({ at, kind: 'not', item: phrases('die') }, r).trigger).toBe(null);
    expect(compileTriggered({ at, kind: 'flag', name: 'minor' }, r).trigger).toBe(null);
    expect(
      compileTriggered({ at, kind: 'all', items: [regex('.'), regex('[0-9a-z]+')] }, r).trigger,
    ).toBe(null);
  });
});

/**
 * A confirm check only asks whether a phrase was hit (it stops at the first): it must answer
 * as the phrases' matcher does, on turns hitting fewer phrases than it wants and more.
 */
describe('triggerCheck', () => {
  const r = resolver();
  const wanted = ['kill', 'hurt', 'die', 'hate you'];
  const ids = wanted.map((p) => r.phrases.add(p)!);
  const check = triggerCheck({ phrases: ids, regexes: [], cost: ids.length });
  const matcher = compileExpression(phrases(...wanted), r);
  // Phrases no check wants, so that some turns hit more phrases than the check holds.
  for (const other of ['i', 'want', 'to', 'you', 'so', 'much', 'really']) r.phrases.add(other);

  const scopeOf = (text: string): TurnScope => {
    const hits = r.phrases.match(new TurnText(text, CORE_NORMALISERS));
    return {
      text: new TurnText(text, CORE_NORMALISERS),
      flags: new Set(),
      phraseHits: () => hits,
      phraseHitIds: () => hits.ids,
      detectorHits: () => [],
      regexHits: () => null,
      regexMayMatch: () => false,
    };
  };

  it.each([
    'i want to die',
    'i really hate you so much, i want to hurt you',
    'i want you so much, really',
    'die',
    '',
  ])('passes exactly when the phrase matcher matches: %s', (text) => {
    const scope = scopeOf(text);
    expect(check(scope)).toBe(matcher(scope) !== null);
  });
});
