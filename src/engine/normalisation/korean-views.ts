import { isLetterOrNumber } from './char-classes';
import { KOREAN_FILLERS } from './filler-words';
import type { DerivedView, Token } from './turn-text';

/**
 * Spacing-free views of a Korean turn read past how it is said, for Hangul phrases: second-person
 * forms spelt the 너 way and filler adverbs (진짜, 그냥, 너무, ...; see filler-words.ts) left out.
 *
 * Korean second-person forms read as 너. Packs write what a user says to the companion with
 * 너 ("너 없으면 못 살아", "너한테 돈 다 썼어"); users also write 당신 (polite or romantic),
 * 님 (chat-polite), 니 (spoken), 그대 (poetic) and 너님 (slang), each with its own particles
 * (당신이 / 님이 / 니가 for 너가). A turn holding one of them gets extra spacing-free views in
 * which each such word is spelt the 너 way, and Hangul phrases are matched in those too.
 *
 * Only whole words are read: 님 in 선생님 or 니 in 어머니 never starts a word. 님, 니 and 그대
 * must be followed by a particle (or nothing): 니트, 님프 and 그대로 are other words.
 */

/** A particle after the pronoun and how it is spelt after 너 ("" = same as written). */
type Particle = { written: string; after너: string };

/** Longest first: 이랑 before 이, 한테서 before 한테. */
const PARTICLES: readonly Particle[] = [
  ['이라서', '라서'],
  ['이라도', '라도'],
  ['이랑', '랑'],
  ['이나', '나'],
  ['이야', '야'],
  ['께서', '가'],
  ['에게', '한테'],
  ['한테', '한테'],
  ['밖에', '밖에'],
  ['하고', '하고'],
  ['없이', '없이'],
  ['없으', '없으'],
  ['없는', '없는'],
  ['이', '가'],
  ['가', '가'],
  ['을', '를'],
  ['를', '를'],
  ['은', '는'],
  ['는', '는'],
  ['랑', '랑'],
  ['과', '와'],
  ['와', '와'],
  ['께', '한테'],
  ['만', '만'],
  ['도', '도'],
  ['뿐', '뿐'],
  ['의', '의'],
  ['야', '야'],
  ['여', '야'],
].map(([written, after너]) => ({ written, after너 }));

/** The pronouns; `open`: any word starting with it is the pronoun (else a particle must follow). */
const PRONOUNS: readonly { stem: string; open: boolean }[] = [
  { stem: '당신', open: true },
  { stem: '너님', open: true },
  { stem: '그대', open: false },
  { stem: '님', open: false },
  { stem: '니', open: false },
];

/** The subject form has two 너 spellings that packs use about equally (너가, 네가). */
const SUBJECT_SPELLINGS = ['너가', '네가'] as const;

/** A word's letters [start, end) spelt `text` instead, or as the subject spelling. */
type Rewrite = { start: number; end: number; subject: boolean; text: string };

/** How a token reads with its pronoun spelt the 너 way, or null when it holds none. */
function rewriteOf(word: string, start: number): Rewrite | null {
  for (const { stem, open } of PRONOUNS) {
    if (!word.startsWith(stem)) continue;
    const rest = word.slice(stem.length);
    if (rest === '') return { start, end: start + word.length, subject: false, text: '너' };
    const particle = PARTICLES.find(({ written }) => rest.startsWith(written));
    if (!particle) {
      return open ? { start, end: start + stem.length, subject: false, text: '너' } : null;
    }
    const subject = particle.after너 === '가';
    return {
      start,
      end: start + stem.length + particle.written.length,
      subject,
      text: subject ? '' : `너${particle.after너}`,
    };
  }
  return null;
}

/**
 * The views of `text` (the normalised text) read past how it is said: with every second-person
 * word spelt the 너 way, and with that and every filler word left out (phrases may hold a filler
 * themselves: 너는진짜한심). None when the turn has neither; each view twice when a subject form
 * occurs (너가 and 네가). Like the compact view, they hold letters and digits only;
 * `toNormalised` maps a replaced word's letters onto the letters it replaces.
 */
export function koreanViews(text: string, tokens: readonly Token[]): DerivedView[] {
  const pronouns: Rewrite[] = [];
  const all: Rewrite[] = [];
  for (const token of tokens) {
    const word = text.slice(token.start, token.end);
    if (KOREAN_FILLERS.has(word)) {
      all.push({ start: token.start, end: token.end, subject: false, text: '' });
      continue;
    }
    const rewrite = rewriteOf(word, token.start);
    if (rewrite) {
      pronouns.push(rewrite);
      all.push(rewrite);
    }
  }
  const spellings = pronouns.some((rewrite) => rewrite.subject)
    ? SUBJECT_SPELLINGS
    : SUBJECT_SPELLINGS.slice(0, 1);
  const readings = all.length > pronouns.length ? [pronouns, all] : [pronouns];
  return readings
    .filter((rewrites) => rewrites.length > 0)
    .flatMap((rewrites) => spellings.map((subject) => buildView(text, rewrites, subject)));
}

function buildView(text: string, rewrites: readonly Rewrite[], subject: string): DerivedView {
  let kept = '';
  const offsets: number[] = [];
  let next = 0;
  for (let i = 0; i < text.length;) {
    const rewrite = rewrites[next];
    if (rewrite !== undefined && rewrite.start === i) {
      const spelt = rewrite.subject ? subject : rewrite.text;
      for (let k = 0; k < spelt.length; k++) {
        offsets.push(Math.min(rewrite.start + k, rewrite.end - 1));
      }
      kept += spelt;
      i = rewrite.end;
      next++;
      continue;
    }
    if (isLetterOrNumber(text.charCodeAt(i))) {
      kept += text[i];
      offsets.push(i);
    }
    i++;
  }
  offsets.push(text.length);
  return { text: kept, toNormalised: Int32Array.from(offsets) };
}
