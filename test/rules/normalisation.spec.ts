import type { MappedText } from '../../src/engine/plugin-registry/plugin-contract';
import { coreNormaliser, CORE_NORMALISERS } from '../../src/engine/normalisation/core-normalisers';
import { mappedFromString } from '../../src/engine/normalisation/mapped-text';
import { TurnText } from '../../src/engine/normalisation/turn-text';
import { compileRuleRegex, runRegex } from '../../src/engine/rule-pack/expression-compiler';
import { PhraseIndex } from '../../src/engine/rule-pack/phrase-index';

const run = (id: string, text: string): MappedText =>
  coreNormaliser(id).normalise(mappedFromString(text));
const normalised = (text: string) => new TurnText(text).normalised.text;

describe('core normalisers', () => {
  it.each([
    ['ＫＩＬＬ', 'kill'],
    ['𝐤𝐢𝐥𝐥', 'kill'],
    ['kíll', 'kill'],
    ['k\u200bi\u00adll', 'kill'],
    ['ﬁne', 'fine'],
    ['WŁAMAĆ', 'wlamac'],
    ['đi chết đi', 'đi chet đi'],
    ['Søstre', 'sostre'],
  ])('core.unicode folds %s', (input, expected) => {
    expect(run('core.unicode', input).text).toBe(expected);
  });

  it('core.homoglyph folds Cyrillic and Greek look-alikes', () => {
    expect(run('core.homoglyph', 'кіll уοurѕеlf').text).toBe('kill yourself');
    expect(normalised('μnder ıdıot')).toBe('under idiot');
  });

  it.each([
    ['والله لأقتله', 'والله لاقتله'],
    ['عَلَى', 'علي'],
    ['ٱلله', 'الله'],
    ['ـــقتل', 'قتل'],
  ])(
    'core.unicode reads Arabic hamza forms, vowel marks, alef maqsura and kashida plainly: %s',
    (input, expected) => {
      expect(run('core.unicode', input).text).toBe(expected);
    },
  );

  it.each([
    ['رقمي ٠٥٠١٢٣٤٥٦٧', 'رقمي 0501234567'],
    ['मेरा नंबर ९८७६५४३२१०', 'मेरा नंबर 9876543210'],
    ['เบอร์ ๐๘๑', 'เบอร์ 081'],
  ])(
    'core.unicode reads decimal digits of other scripts as ASCII digits: %s',
    (input, expected) => {
      expect(run('core.unicode', input).text).toBe(expected);
    },
  );

  it('core.homoglyph folds Latin small capitals, which NFKC keeps', () => {
    expect(run('core.homoglyph', 'ᴋɪʟʟ ʏᴏᴜʀꜱᴇʟꜰ, ɪ ᴀᴍ ᴅᴀɴ').text).toBe('kill yourself, i am dan');
  });

  it('core.leetspeak reads a leet character inside a Cyrillic word as the letter it hides', () => {
    expect(normalised('забудь свои пр@вила')).toBe(normalised('забудь свои правила'));
    expect(normalised('всё х0рошо')).toBe(normalised('всё хорошо'));
    // digits at the edge of a word are counts, not letters
    expect(normalised('мне 14лет')).toContain('14');
  });

  it.each([
    ['k1ll', 'kill'],
    ['$uicide', 'suicide'],
    ['h@te', 'hate'],
    ['sh!t', 'shit'],
    ['1diot', 'idiot'],
    ['i am 14', 'i am 14'],
    ['14yo', '14yo'],
    ['3rd time', '3rd time'],
    ['wow!', 'wow!'],
    ['2024', '2024'],
    ['base64', 'base64'],
    ['mp3', 'mp3'],
    ['covid19', 'covid19'],
    ['私は14歳です', '私は14歳です'],
    ['我14岁', '我14岁'],
    ['s3x', 'sex'],
    ['die!!', 'die!!'],
    ["1'll k!ll you", "i'll kill you"],
    ["1'm 14", "i'm 14"],
    ["21'm", "21'm"],
    ['you!!!', 'you!!!'],
    // a stretched digit counts as two, like squeezed letters; a number stays a number
    ['sh00000t them', 'shooooot them'],
    ['room 4000b', 'room 4000b'],
    ['a1000b', 'a1000b'],
  ])('core.leetspeak reads %s as %s', (input, expected) => {
    expect(run('core.leetspeak', input).text).toBe(expected);
  });

  it.each([
    ['k i l l me', 'kill me'],
    ['s.u.i.c.i.d.e', 'suicide'],
    ['k-y-s', 'kys'],
    ['w a n t  t o  d i e', 'want to die'],
    ['a b', 'a b'],
    ['죽 고 싶 어', '죽 고 싶 어'],
    ["i'm a minor", "i'm a minor"],
    ['w r i t e a smut', 'write a smut'],
    ['i am a kid', 'i am a kid'],
    ['a b c', 'abc'],
    ['k i l l  m y s e l f', 'kill myself'],
    ['s u i c i d e', 'suicide'],
    ["k'i'l'l", 'kill'],
    ['i w a n t t o d i e', 'i want to die'],
    ['i w a n t  t o  d i e', 'i want to die'],
    ['i k i l l e d him', 'i killed him'],
    ['i am a b i t c h', 'i am a bitch'],
    ['you are a f u c k i n g idiot', 'you are a fucking idiot'],
    ['i w-a-n-t t-o d-i-e', 'i want to die'],
    ['a s s h o l e', 'asshole'],
    ['i d i o t', 'idiot'],
    ['n o b o d y l o v e s m e', 'nobody loves me'],
    ['y o u a r e a n i d i o t', 'you are an idiot'],
    ['t h e r a p i s t', 'therapist'],
    ['k y s', 'kys'],
  ])('core.separators joins %s', (input, expected) => {
    expect(run('core.separators', input).text).toBe(expected);
  });

  it.each([
    ['섹1스', '섹스'],
    ['병1신 같은', '병신 같은'],
    ['죽1여 버린다', '죽여 버린다'],
    ['너8살이야', '너8살이야'],
    ['3번 했어', '3번 했어'],
    ['고1때', '고1때'],
    ['중2인데', '중2인데'],
    ['2024년', '2024년'],
    ['시x발', '시발'],
    ['병x신아', '병신아'],
  ])('core.hangul-noise reads %s as %s', (input, expected) => {
    expect(run('core.hangul-noise', input).text).toBe(expected);
  });

  it('core.hangul-noise keeps the offset map pointing into the original text', () => {
    const turn = new TurnText('야 병1신아');
    const start = turn.normalised.text.indexOf('병신');
    const span = turn.originalSpan(start, start + 2);
    expect('야 병1신아'.slice(span.start, span.end)).toBe('병1신');
  });

  it.each([
    ['f*ck you', 'fuck you'],
    ['sh*t', 'shit'],
    ["i'm going to m*rder you", "i'm going to murder you"],
    ['k*ll', 'kill'],
    ['b#tch', 'bitch'],
    // a masked word is the word people mask, before an everyday word of the same letters
    ['ur a wh*re', 'ur a whore'],
    ['he tried to r*pe me', 'he tried to rape me'],
    ['5*3', '5*3'],
    ['a*b', 'a*b'],
    ['**bold**', '**bold**'],
    // longer and consonant masks: only when one signal word fits
    ['f**k', 'fuck'],
    ['what the f***', 'what the fuck'],
    ["i'll k**l myself", "i'll kill myself"],
    ['you s*upid bot', 'you stupid bot'],
    ['w**thless', 'worthless'],
    ['s**cide', 'suicide'],
    ['sh**', 'sh**'],
    ['x**y', 'x**y'],
  ])('core.masked-letters reads %s as %s', (input, expected) => {
    expect(run('core.masked-letters', input).text).toBe(expected);
  });

  it.each([
    ['我要殺了你', '我要杀了你'],
    ['沒有你我活不下去', '没有你我活不下去'],
    ['我要杀了你', '我要杀了你'],
    // kanji convert too: phrases and patterns go through the same step
    ['殺してやる', '杀してやる'],
  ])('core.chinese-simplified writes %s as %s', (input, expected) => {
    expect(run('core.chinese-simplified', input).text).toBe(expected);
  });

  it.each([
    ['i cant live w/o u', 'i cant live without u'],
    ['b/c ur mine', 'because ur mine'],
    ['out w/ friends', 'out with friends'],
    ['w/you', 'with you'],
    ['w/out you', 'without you'],
    ['a/b testing at 60 km/h', 'a/b testing at 60 km/h'],
    ['see http://x.com/w/o', 'see http://x.com/w/o'],
  ])('core.slash-shorthand spells out %s', (input, expected) => {
    expect(run('core.slash-shorthand', input).text).toBe(expected);
  });

  it('core.slash-shorthand maps the spelled-out word back to the abbreviation', () => {
    const original = 'i cant live w/o u';
    const turn = new TurnText(original);
    const start = turn.normalised.text.indexOf('without');
    const span = turn.originalSpan(start, start + 'without'.length);
    expect(original.slice(span.start, span.end)).toBe('w/o');
  });

  it.each([
    ['thinkin', 'thinking'],
    ['goin', 'going'],
    ['bout', 'about'],
  ])('gives %s, a dropped g or shortened word, the reading %s', (text, alt) => {
    expect(new TurnText(text).tokens[0].alt).toBe(alt);
  });

  it.each([
    ['i want to commit sui-cide', 'i want to commit suicide'],
    ['mur.der him', 'murder him'],
    ['k_ill my self', 'kill my self'],
    ['you stu-pid bi*tch', 'you stupid bitch'],
  ])('core.split-word joins a signal word cut from inside: %s', (input, expected) => {
    expect(run('core.split-word', input).text).toBe(expected);
  });

  it.each([
    // compounds of two words, everyday hyphenation, addresses and longer chains stay
    'self-harm',
    'co-worker and wi-fi',
    'john.smith@mail.com',
    'sui-cide-ish',
    'be-at',
  ])('core.split-word keeps %s as written', (input) => {
    expect(run('core.split-word', input).text).toBe(input);
  });

  it('core.split-word maps each joined letter back to its place in the original', () => {
    const turn = new TurnText('so sui-cide it is');
    const word = turn.tokens.find((token) => token.key === 'suicide');
    expect(word && 'so sui-cide it is'.slice(word.originalStart, word.originalEnd)).toBe(
      'sui-cide',
    );
  });

  it.each([
    ['wnrrhtlvek', '죽고싶다'],
    ['sk dkvkTdj wnrrpTek', '나아팠어죽겠다'],
    ['rmsid thsahr rmtrh tlvdj', '그냥손목긋고싶어'],
    ['tlqkf wkTsmsep', '시발잤는데'],
    ['dlru....니 애비보다는', '이겨니애비보다는'],
    ['wnrrhtlvek ㅠㅠ', '죽고싶다ㅠㅠ'],
  ])('reads Korean typed in English mode in a view of its own: %s', (input, view) => {
    expect(new TurnText(input).keyboardKorean?.text).toBe(view);
  });

  it.each([
    'i want to die',
    // a word that types no syllables and the turn is not Korean
    'hello wnrrhtlvek',
    'tengo 14 pero digo que tengo 18',
    // too little: two syllables in one word ("digo" 야해)
    'digo',
    'tlqkf',
    // in a Korean turn one syllable is as likely an abbreviation (sns, dm); capitals are English
    'sns 쳐 보지도 않는',
    'dm 보내',
    'AKSY 종로구에 있는 가게',
    'Eugene 오빠',
    // English words people write, though they type syllables
    'the good news',
  ])('finds no Korean typed in English mode in %s', (input) => {
    expect(new TurnText(input).keyboardKorean).toBeNull();
  });

  it('keeps the words their own reading beside the Korean one', () => {
    const turn = new TurnText('sjan wlcuTdj ekwhgdk');
    expect(turn.normalised.text).toBe('sjan wlcutdj ekwhgdk');
    expect(turn.keyboardKorean?.text).toBe('너무지쳤어다좋아');
  });

  it('maps each typed syllable to the keys that typed it', () => {
    const turn = new TurnText('ㅠ wnrrhtlvek');
    const view = turn.keyboardKorean;
    expect(view?.text).toBe('ㅠ죽고싶다');
    expect([...(view?.toNormalised.slice(1, 5) ?? [])]).toEqual([2, 5, 7, 10]);
  });

  it('core.squeeze keeps doubles and squeezes longer runs', () => {
    expect(run('core.squeeze', 'diiiiie killlll all').text).toBe('diie kill all');
  });

  it.each([
    ['ㅈㅜㄱㄱㅗ ㅅㅣㅍㅇㅓ', '죽고 싶어'],
    ['ㅅㅏㄹㄱㅣ ㅅㅣㄹㅎㄷㅏ', '살기 싫다'],
    ['ㅅㅂ', 'ㅅㅂ'],
    ['ㄱㅙㄴㅊㅏㄴㅎㅇㅏ', '괜찮아'],
    // typed with a space between every jamo
    ['ㅈ ㅏ ㅅ ㅏ ㄹ 하고 싶어', '자살 하고 싶어'],
    ['ㅈ ㅜ ㄱ ㄱ ㅗ ㅅ ㅣ ㅍ ㅓ', '죽고시퍼'],
    ['ㅋ ㅋ ㅋ 웃겨', 'ㅋ ㅋ ㅋ 웃겨'],
    ['ㅠ ㅠ ㅠ', 'ㅠ ㅠ ㅠ'],
    ['ㅋ ㅋ ㅠ ㅠ', 'ㅋ ㅋ ㅠ ㅠ'],
  ])('core.hangul-compose composes %s', (input, expected) => {
    expect(run('core.hangul-compose', input).text).toBe(expected);
  });

  it('keeps the offset map pointing into the original text', () => {
    const original = 'Ｉ ｗａｎｔ ｔｏ  d.i.e\u200b!';
    const turn = new TurnText(original);
    expect(turn.normalised.text).toBe('i want to  die!');
    const start = turn.normalised.text.indexOf('die');
    const span = turn.originalSpan(start, start + 3);
    expect(original.slice(span.start, span.end)).toBe('d.i.e');
    expect(turn.normalised.map).toHaveLength(turn.normalised.text.length + 1);
  });

  it.each([
    ['d13', 'die'],
    ['di3', 'die'],
    ['ki11', 'kill'],
    ['kiII', 'kill'],
    ['kiIl', 'kill'],
    ['fvck', 'fuck'],
    // number-first, only when a signal word comes out
    ['57up1d', 'stupid'],
    ['1d107', 'idiot'],
    ['53xy', 'sexy'],
    ['4l1v3', 'alive'],
  ])('gives %s, a disguise the leetspeak fold keeps, the reading %s for matching', (text, alt) => {
    expect(new TurnText(text).tokens[0].alt).toBe(alt);
  });

  it.each([
    ['u', 'you'],
    ['ur', 'your'],
    ['seggs', 'sex'],
    ['noods', 'nudes'],
    ['sewerslide', 'suicide'],
    ['ppl', 'people'],
    ['abt', 'about'],
    ['urself', 'yourself'],
    ['gf', 'girlfriend'],
    ['tmrw', 'tomorrow'],
    ['2nite', 'tonight'],
    ['kno', 'know'],
    ['smth', 'something'],
    ['bcuz', 'because'],
    ['ima', 'imma'],
    ['tiddies', 'titties'],
    // digits typed for the words they sound like ("how 2 make", "4 real")
    ['2', 'to'],
    ['4', 'for'],
    ['sum1', 'someone'],
    // a count of zero is read as none ("0 filters" as "no filters")
    ['zero', 'no'],
    ['0', 'no'],
    // Spanish, Portuguese and French chat shorthand, read unaccented as normalised text is
    ['q', 'que'],
    ['kiero', 'quiero'],
    ['pq', 'porque'],
    ['vc', 'voce'],
    ['cmg', 'comigo'],
    ['tbm', 'tambem'],
    ['tjrs', 'toujours'],
    ['dsl', 'desole'],
  ])('gives the chat shorthand %s the reading %s for matching', (text, alt) => {
    expect(new TurnText(text).tokens[0].alt).toBe(alt);
  });

  it('matches Spanish and Portuguese phrases typed in chat shorthand', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const es = index.add('quiero morir');
    const pt = index.add('só você me entende');
    expect(es !== null && index.match(new TurnText('kiero morir ya')).has(es)).toBe(true);
    expect(pt !== null && index.match(new TurnText('so vc me entende')).has(pt)).toBe(true);
  });

  it.each(['KILL', 'iPhone', '14yo', 'b12', 'kill', 'McDonald', '2pac', '3rd', '911', '5318'])(
    'gives %s no disguised reading (capitals, number-first words, 2 and 6 are not disguises)',
    (text) => {
      expect(new TurnText(text).tokens[0].alt).toBeNull();
    },
  );

  it.each([
    ['i want to kill my self', 'i want to kill myself'],
    ['hurt your selves', 'hurt yourselves'],
    ['my self-esteem is low', 'my self-esteem is low'],
    ['my selfie', 'my selfie'],
  ])('core.reflexive-join reads %s as %s', (input, expected) => {
    expect(run('core.reflexive-join', input).text).toBe(expected);
  });

  it('core.reflexive-join keeps the offset map pointing into the original text', () => {
    const original = 'kill my self now';
    const turn = new TurnText(original);
    const start = turn.normalised.text.indexOf('myself');
    const span = turn.originalSpan(start, start + 'myself'.length);
    expect(original.slice(span.start, span.end)).toBe('my self');
  });

  it('gives elongated words a single-letter reading for matching', () => {
    const [token] = new TurnText('diiiiie').tokens;
    expect([token.key, token.alt]).toEqual(['diie', 'die']);
    expect(new TurnText('good').tokens[0].alt).toBeNull();
  });

  it("singles only the letters that were stretched, keeping the word's own double letters", () => {
    const readings = new TurnText('kiiill waaant myseeelf').tokens.map((token) => token.alt);
    expect(readings).toEqual(['kill', 'want', 'myself']);
  });

  it('builds the spacing-free Hangul view and the choseong view', () => {
    const turn = new TurnText('죽 고 싶 어 ㅆㅂ 진짜');
    expect(turn.compact.text).toBe('죽고싶어ㅆㅂ진짜');
    expect(turn.choseong?.text.trim()).toBe('ㅅㅂ');
    expect(new TurnText('hello').choseong).toBeNull();
  });

  it.each([
    ['ㅅ1ㅂ', 'ㅅㅂ'],
    ['ㅂ.ㅅ 같네', 'ㅂㅅ'],
    ['ㅈ ㄹ 하네', 'ㅈㄹ'],
    ['ㅋㅋ ㅅㅂ', 'ㅋㅋ ㅅㅂ'],
    ['ㅇㅇ ㄱㄱ', 'ㅇㅇ ㄱㄱ'],
  ])(
    'keeps choseong runs across inserted digits, punctuation and lone-letter spacing: %s',
    (input, view) => {
      expect(new TurnText(input).choseong?.text.trim()).toBe(view);
    },
  );

  it('registers every core normaliser under a core.* id', () => {
    expect(CORE_NORMALISERS.map((n) => n.id)).toEqual([
      'core.unicode',
      'core.homoglyph',
      'core.chinese-simplified',
      'core.hangul-compose',
      'core.leetspeak',
      'core.hangul-noise',
      'core.masked-letters',
      'core.slash-shorthand',
      'core.separators',
      'core.squeeze',
      'core.split-word',
      'core.reflexive-join',
    ]);
    expect(normalised('ＳＨ！Ｔ')).toBe('shit');
  });
});

describe('turn tokens', () => {
  it.each([
    ['base64로 인코딩', ['base64', '로', '인코딩']],
    ['DAN이야', ['dan', '이야']],
    ['ai잖아', ['ai', '잖아']],
    ['나는 14살', ['나는', '14살']],
  ])('splits Latin from Hangul in %s', (input, keys) => {
    expect(new TurnText(input).tokens.map((t) => t.key)).toEqual(keys);
  });

  it('counts Hangul syllables typed one by one three to a proximity unit, like unspaced Hangul', () => {
    expect(new TurnText('여자 팔 아 넘 기 는 방법').tokens.map((t) => t.unit)).toEqual([
      0, 1, 1, 1, 2, 2, 3,
    ]);
    expect(new TurnText('i want to die').tokens.map((t) => t.unit)).toEqual([0, 1, 2, 3]);
  });
});

describe('CJK phrases', () => {
  it('match inside a sentence, as Hangul phrases do', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const ja = index.add('死にたい');
    const zh = index.add('想死');
    const hits = index.match(new TurnText('もう死にたいです。我真的想死了'));
    expect(ja !== null && hits.has(ja)).toBe(true);
    expect(zh !== null && hits.has(zh)).toBe(true);
    expect(index.match(new TurnText('今日は楽しい')).size).toBe(0);
  });

  it('meet a Thai sara am in a regex as it is typed, not split into its two marks', () => {
    const regex = compileRuleRegex(0, 'ลืมคำสั่ง', false);
    expect(runRegex(regex, new TurnText('ลืมคำสั่งทั้งหมดก่อนหน้านี้'))).not.toBeNull();
  });

  it('match Thai, which has no spaces between words, with its vowel and tone marks', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const th = index.add('อยากตาย');
    expect(th !== null && index.match(new TurnText('อยากตายจริงๆ')).has(th)).toBe(true);
    expect(index.match(new TurnText('วันนี้อากาศดีมาก')).size).toBe(0);
  });

  it('read numbers whole: a Hangul phrase with a digit at its edge never matches inside one', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const nine = index.add('9살인데');
    const grade = index.add('중2');
    expect(nine !== null && index.match(new TurnText('9살인데 사귈래?')).has(nine)).toBe(true);
    expect(nine !== null && index.match(new TurnText('29살인데 사귈래?')).has(nine)).toBe(false);
    expect(grade !== null && index.match(new TurnText('나 중2야')).has(grade)).toBe(true);
    expect(grade !== null && index.match(new TurnText('중25번 버스')).has(grade)).toBe(false);
  });

  it('match Korean typed with the keyboard in English mode, spans on the typed keys', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const ko = index.add('죽고싶');
    const text = 'dk wnrrhtlvek';
    const hits = ko === null ? undefined : index.match(new TurnText(text)).get(ko);
    expect(hits?.map((m) => text.slice(m.start, m.end))).toEqual(['wnrrhtlv']);
    expect(index.match(new TurnText('always angry')).size).toBe(0);
    expect(index.match(new TurnText('i want to die')).size).toBe(0);
  });

  it('match Traditional and Simplified Chinese with one phrase', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const zh = index.add('我要殺了你');
    expect(zh !== null && index.match(new TurnText('我要杀了你')).has(zh)).toBe(true);
    expect(zh !== null && index.match(new TurnText('我要殺了你')).has(zh)).toBe(true);
  });
});

describe('phrases with stroke letters (ł, ø)', () => {
  it('match turns typed with or without the stroke, and regexes read them alike', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const pl = index.add('włamać się');
    const da = index.add('jeg vil dø');
    for (const text of ['chce sie wlamac sie', 'chcę się włamać się']) {
      expect(pl !== null && index.match(new TurnText(text)).has(pl)).toBe(true);
    }
    expect(da !== null && index.match(new TurnText('jeg vil do nu')).has(da)).toBe(true);
    const regex = compileRuleRegex(0, 'fałszyw\\w+ (pieniadze|dowod)', false);
    expect(runRegex(regex, new TurnText('mam falszywe pieniadze'))).not.toBeNull();
    expect(runRegex(regex, new TurnText('mam fałszywe pieniądze'))).not.toBeNull();
  });
});

describe('Arabic letters and other scripts digits in phrases and regexes', () => {
  it('match turns typed with or without hamza and in either digits, phrases and regexes alike', () => {
    const index = new PhraseIndex(CORE_NORMALISERS);
    const threat = index.add('والله لأقتله');
    for (const text of ['والله لاقتله بكرة', 'والله لأقتله بكرة']) {
      expect(threat !== null && index.match(new TurnText(text)).has(threat)).toBe(true);
    }
    const regex = compileRuleRegex(0, 'أكلمك|رقمي [٠-٩]{4}', false);
    expect(runRegex(regex, new TurnText('ما اقدر انام بدون ما اكلمك'))).not.toBeNull();
    expect(runRegex(regex, new TurnText('رقمي 0501'))).not.toBeNull();
    expect(runRegex(regex, new TurnText('رقمي ٠٥٠١'))).not.toBeNull();
  });
});
