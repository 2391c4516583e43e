/**
 * Required literals of a rule regex: a set of strings of which at least one occurs in every
 * text the regex matches (RE2 prefilter idea). A turn containing none of them cannot match,
 * so the regex is skipped without running. The analysis is conservative: any construct it
 * does not understand counts as "matches anything", which can only make the set weaker
 * (or absent), never wrong.
 */

export type RegexLiterals = {
  /** At least one of these occurs in every match. */
  literals: string[];
  /**
   * The literals are lower-case and must be looked for in the lower-cased subject (the
   * pattern is at least partly case-insensitive).
   */
  lowerCase: boolean;
};

/** What is known about the strings one regex node matches. */
type Info = {
  /** Every string the node can match, when that set is finite and small; else null. */
  exact: Set<string> | null;
  /** Strings of which every match contains at least one; null when nothing is known. */
  required: Set<string> | null;
};

/** Larger exact sets stop being tracked (cross products grow fast). */
const MAX_EXACT = 64;
/** Character classes up to this many characters are enumerated. */
const MAX_CLASS_CHARS = 32;

const ANYTHING: Info = { exact: null, required: null };
const EMPTY: Info = { exact: new Set(['']), required: null };

class Unsupported extends Error {}

/**
 * The required literals of `pattern` (RE2/JavaScript syntax), or null when no useful set
 * exists (e.g. `[0-9a-z]+`). A pattern that is only a set of literals is its own set: as a
 * prefilter it costs what running it costs, and it still lets the rule set skip its rules.
 */
export function requiredLiterals(pattern: string): RegexLiterals | null {
  let info: Info;
  const parser = new Parser(pattern);
  try {
    info = parser.parse();
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
  const set = usable(info);
  if (set === null) return null;
  return { literals: [...set].sort(), lowerCase: parser.caseInsensitive };
}

/**
 * The literals as they are looked for in a subject lower-cased by `TurnText.lowerCased`: each
 * lower-cased (a case-sensitive literal, lower-cased, is still necessary there), or null when
 * one holds Greek capital sigma, which lower-cases by its context, or the long s, which
 * `lowerCased` turns into "s".
 */
export function lowerCasedLiterals(prefilter: RegexLiterals): string[] | null {
  if (prefilter.literals.some((literal) => /[Σſ]/.test(literal))) return null;
  return prefilter.literals.map((literal) => literal.toLowerCase());
}

/** The best known necessary set of a node: its exact set if it has no empty string, else `required`. */
function usable(info: Info): Set<string> | null {
  if (info.exact !== null && info.exact.size > 0 && !info.exact.has('')) return info.exact;
  return info.required;
}

/** Higher is a better prefilter: longer shortest literal first, then fewer literals. */
function score(set: Set<string>): number {
  let shortest = Infinity;
  for (const literal of set) shortest = Math.min(shortest, literal.length);
  return shortest * 1000 - set.size;
}

function better(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  if (a === null) return b;
  if (b === null) return a;
  return score(b) > score(a) ? b : a;
}

function cross(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

function concat(items: Info[]): Info {
  let exact: Set<string> | null = new Set(['']);
  let required: Set<string> | null = null;
  // Adjacent exact items multiply into longer literals ("팔" "아" -> "팔아"); a run ends at
  // an unknown item or when the product grows too large.
  let run: Set<string> = new Set(['']);
  const endRun = () => {
    if (!run.has('')) required = better(required, run);
    run = new Set(['']);
  };
  for (const item of items) {
    exact = exact !== null && item.exact !== null ? cross(exact, item.exact) : null;
    if (item.exact === null) {
      endRun();
      required = better(required, item.required);
      continue;
    }
    const grown = cross(run, item.exact);
    if (grown === null) {
      endRun();
      run = item.exact;
    } else run = grown;
    required = better(required, usable(item));
  }
  endRun();
  return { exact, required };
}

function alternate(branches: Info[]): Info {
  let exact: Set<string> | null = new Set();
  let required: Set<string> | null = new Set();
  for (const branch of branches) {
    if (exact !== null && branch.exact !== null && exact.size + branch.exact.size <= MAX_EXACT) {
      for (const s of branch.exact) exact.add(s);
    } else exact = null;
    const set = usable(branch);
    if (required !== null && set !== null) for (const s of set) required.add(s);
    else required = null;
  }
  return { exact, required: required !== null && required.size > 0 ? required : null };
}

function repeat(item: Info, min: number, max: number): Info {
  if (max === 0) return EMPTY;
  if (min === 0) {
    // Optional: may match nothing, so nothing is required; x? keeps a small exact set.
    if (max === 1 && item.exact !== null && item.exact.size < MAX_EXACT) {
      return { exact: new Set(['', ...item.exact]), required: null };
    }
    return ANYTHING;
  }
  if (min === 1 && max === 1) return item;
  let exact: Set<string> | null = null;
  if (min === max && item.exact !== null) {
    exact = new Set(['']);
    for (let i = 0; i < min && exact !== null; i++) exact = cross(exact, item.exact);
  }
  return { exact, required: usable(item) };
}

const hasCase = (char: string) => char.toLowerCase() !== char.toUpperCase();

/**
 * Letters whose case-insensitive matches all lower-case to the letter's own lower case, so a
 * lower-cased literal found in the lower-cased subject stays a necessary condition: ASCII, and
 * the Latin and Cyrillic letters with exactly one other case that maps back (á/Á, ç/Ç, ж/Ж).
 * Left out: ß and ŉ (their upper case is two letters), ı/İ and ſ (they fold into ASCII), and
 * Greek (final sigma), whose regex matches lower-case elsewhere. As with ASCII s and k (long s,
 * Kelvin sign), a few historic look-alikes (the Cyrillic ᲀ-ᲈ) are case variants to RE2 but not
 * to toLowerCase(): a turn spelled with them can slip past the prefilter.
 */
function foldsPlainly(char: string): boolean {
  if (/^[A-Za-z]$/.test(char)) return true;
  const code = char.codePointAt(0) ?? 0;
  if (!((code >= 0xc0 && code <= 0x24f) || (code >= 0x400 && code <= 0x4ff))) return false;
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  return (
    lower.length === 1 &&
    upper.length === 1 &&
    lower.toUpperCase() === upper &&
    upper.toLowerCase() === lower
  );
}

/** Recursive-descent reader of the regex syntax rule packs use; throws Unsupported otherwise. */
class Parser {
  private at = 0;
  /** Whether any part of the pattern is case-insensitive. */
  caseInsensitive = false;

  constructor(private readonly pattern: string) {
    // Where any part is case-insensitive, every literal is looked for in lower case (a
    // case-sensitive literal found that way is still a necessary condition).
    this.caseInsensitive = /\(\?[a-zA-Z]*i[a-zA-Z]*(?:-[a-zA-Z]*)?[:)]/.test(pattern);
  }

  parse(): Info {
    const info = this.alternation();
    if (this.at < this.pattern.length) throw new Unsupported();
    return info;
  }

  private peek(offset = 0): string | undefined {
    return this.pattern[this.at + offset];
  }

  private alternation(): Info {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? branches[0] : alternate(branches);
  }

  private sequence(): Info {
    const items: Info[] = [];
    while (this.at < this.pattern.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      if (atom === null) continue;
      items.push(this.quantified(atom));
    }
    return concat(items);
  }

  private quantified(atom: Info): Info {
    let result = atom;
    for (;;) {
      const char = this.peek();
      let min: number;
      let max: number;
      if (char === '*') [min, max] = [0, Infinity];
      else if (char === '+') [min, max] = [1, Infinity];
      else if (char === '?') [min, max] = [0, 1];
      else if (char === '{') {
        const bounds = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.at));
        if (!bounds) return result;
        min = Number(bounds[1]);
        max = bounds[2] === undefined ? min : bounds[3] === '' ? Infinity : Number(bounds[3]);
        this.at += bounds[0].length - 1;
      } else return result;
      this.at++;
      if (this.peek() === '?' || this.peek() === '+') this.at++; // lazy / possessive
      result = repeat(result, min, max);
    }
  }

  /** One atom; null for a flag group such as `(?i)` that matches nothing itself. */
  private atom(): Info | null {
    const char = this.pattern[this.at++];
    switch (char) {
      case '(':
        return this.group();
      case '[':
        return this.characterClass();
      case '.':
        return ANYTHING;
      case '^':
      case '$':
        return EMPTY;
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Unsupported();
      default:
        return this.literal(char);
    }
  }

  private literal(char: string): Info {
    return { exact: this.charSet([char]), required: null };
  }

  /** A set of single characters as literals, folded when case-insensitive; null if unknowable. */
  private charSet(chars: string[]): Set<string> | null {
    const out = new Set<string>();
    for (const char of chars) {
      if (this.caseInsensitive && hasCase(char)) {
        if (!foldsPlainly(char)) return null;
        out.add(char.toLowerCase());
      } else out.add(char);
    }
    return out;
  }

  private group(): Info | null {
    if (this.peek() !== '?') return this.closeGroup(this.alternation());
    const rest = this.pattern.slice(this.at);
    const flags = /^\?([a-zA-Z]*)(?:-([a-zA-Z]*))?(:|\))/.exec(rest);
    if (flags) {
      // Flags were read for the whole pattern in the constructor.
      this.at += flags[0].length;
      return flags[3] === ')' ? null : this.closeGroup(this.alternation());
    }
    const named = /^\?P?<[A-Za-z_][A-Za-z0-9_]*>/.exec(rest);
    if (named) {
      this.at += named[0].length;
      return this.closeGroup(this.alternation());
    }
    // Lookaround (rejected by lint for rule packs) consumes nothing.
    const look = /^\?<?[=!]/.exec(rest);
    if (look) {
      this.at += look[0].length;
      this.closeGroup(this.alternation());
      return EMPTY;
    }
    throw new Unsupported();
  }

  private closeGroup(inner: Info): Info {
    if (this.pattern[this.at++] !== ')') throw new Unsupported();
    return inner;
  }

  private escape(): Info {
    const char = this.pattern[this.at++];
    if (char === undefined) throw new Unsupported();
    if ('bBAz'.includes(char)) {
      return EMPTY;
    }
    if ('dDwWsSpPQEC'.includes(char) || /[0-9]/.test(char)) {
      // Classes, Unicode properties, \Q..\E and backreferences: not enumerated.
      if (char === 'p' || char === 'P') this.skipPropertyName();
      if (char === 'Q' || /[1-9]/.test(char)) throw new Unsupported();
      return ANYTHING;
    }
    const decoded = this.escapedChar(char);
    return decoded === null ? ANYTHING : this.literal(decoded);
  }

  private skipPropertyName(): void {
    if (this.peek() === '{') {
      const close = this.pattern.indexOf('}', this.at);
      if (close < 0) throw new Unsupported();
      this.at = close + 1;
    } else this.at++;
  }

  /** The character an escape (after the backslash) stands for; null for a class escape. */
  private escapedChar(char: string): string | null {
    switch (char) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case 'x': {
        const hex = /^(?:\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{2}))/.exec(
          this.pattern.slice(this.at),
        );
        if (!hex) throw new Unsupported();
        this.at += hex[0].length;
        return String.fromCodePoint(parseInt(hex[1] ?? hex[2], 16));
      }
      case 'u': {
        const hex = /^[0-9A-Fa-f]{4}/.exec(this.pattern.slice(this.at));
        if (!hex) throw new Unsupported();
        this.at += 4;
        return String.fromCharCode(parseInt(hex[0], 16));
      }
      default:
        if (/[A-Za-z]/.test(char)) throw new Unsupported();
        return char; // escaped punctuation stands for itself
    }
  }

  /** `[...]`: a small, positive set of plain characters is enumerated; anything else is unknown. */
  private characterClass(): Info {
    const negated = this.peek() === '^';
    if (negated) this.at++;
    // "[]...": RE2 and JavaScript read a leading ']' differently.
    if (this.peek() === ']') throw new Unsupported();
    const chars: string[] = [];
    let known = !negated;
    while (this.at < this.pattern.length && this.peek() !== ']') {
      let char = this.pattern[this.at++];
      if (char === '[' && this.peek() === ':') {
        const close = this.pattern.indexOf(':]', this.at);
        if (close < 0) throw new Unsupported();
        this.at = close + 2;
        known = false;
        continue;
      }
      if (char === '\\') {
        const next = this.pattern[this.at++];
        if (next === undefined) throw new Unsupported();
        if ('dDwWsSpP'.includes(next)) {
          if (next === 'p' || next === 'P') this.skipPropertyName();
          known = false;
          continue;
        }
        const decoded = next === 'b' ? '\b' : this.escapedChar(next);
        if (decoded === null) throw new Unsupported();
        char = decoded;
      }
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.at++;
        let end = this.pattern[this.at++];
        if (end === '\\') {
          const next = this.pattern[this.at++];
          const decoded = next === undefined ? null : this.escapedChar(next);
          if (decoded === null) throw new Unsupported();
          end = decoded;
        }
        const from = char.codePointAt(0) ?? 0;
        const to = end.codePointAt(0) ?? 0;
        if (to < from) throw new Unsupported();
        if (to - from + 1 > MAX_CLASS_CHARS) known = false;
        else for (let code = from; code <= to; code++) chars.push(String.fromCodePoint(code));
        continue;
      }
      chars.push(char);
    }
    if (this.pattern[this.at++] !== ']') throw new Unsupported();
    if (!known || chars.length === 0 || chars.length > MAX_CLASS_CHARS) return ANYTHING;
    return { exact: this.charSet(chars), required: null };
  }
}
