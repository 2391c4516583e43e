import { clauseBefore } from './text-fold';

/**
 * The speaker's age in Chinese and Japanese: "我14岁", "我今年才13岁", "14歳です", "14歳だけど",
 * "中学2年生です", "高校1年", "我是初二学生", "初二的学生" at the start of a clause. Others' ages
 * ("我儿子14岁", "娘は14歳") and the lunar calendar ("大年初二", "正月初二") are skipped.
 */
export type CjkAgeFound = { start: number; end: number; age: number; basis: 'number' | 'grade' };

const ZH_I_AGE =
  /我(?:今年|现在|才|已经|刚|刚刚|都|是|也)*\s?(\d{1,2})\s?(?:岁|周岁)(?!的时候|时|那年|那时)/g;
const JA_AGE =
  /(?<![\d万])(\d{1,2})\s?歳(?=\s*(?:です|だよ|だけど|だから|なの|なんだ|になった|になりました|の(?:女|男|学生|高校生|中学生)|だ[。！!]|[。、！!?？]|$))/g;
const JA_SCHOOL_YEAR =
  /(中学|中|高校|高)\s?([1-3１-３])\s?年(?:生)?(?=\s*(?:です|だよ|だけど|なの|なんだ|だ|[。、！!?？]|$))/g;
const ZH_GRADE = /(?<![大年正月腊])(初|高)([一二三])(?:的)?(?:学生|生|党)?/g;
const OTHER =
  /(?:儿子|女儿|弟弟|妹妹|哥哥|姐姐|孩子|朋友|侄|孙|学生们|他|她|息子|娘|弟|妹|兄|姉|子供|子ども|彼女|彼|友達|甥|姪|生徒)/;
const PAST = /^(?:的时候|时|那年|那时|の時|のとき|の頃|のころ|だった|でした)/;
const ZH_NUM: Record<string, number> = { 一: 1, 二: 2, 三: 3 };
/** Japanese school-girl/boy slang with a Japanese ending: "JKです", "現役JC", "JK2だよ", "DKだけど". */
const JA_SCHOOL_SLANG =
  /(?<![a-z])(?:現役)?(jk|jc|js|dk|dc)\s?([1-6１-６])?(?=\s*(?:です|だよ|だけど|なの|なんだ|だから|やってる|やってます|だ[。！!]|[。、！!?？]|$))/g;
const JA_SLANG_AGE: Record<string, number> = { jk: 15, dk: 15, jc: 12, dc: 12, js: 6 };

export function findCjkAges(t: string, max: number): CjkAgeFound[] {
  const out: CjkAgeFound[] = [];
  const push = (start: number, end: number, age: number, basis: 'number' | 'grade'): void => {
    if (out.length >= max || PAST.test(t.slice(end, end + 4))) return;
    if (OTHER.test(clauseBefore(t, start, 12))) return;
    out.push({ start, end, age, basis });
  };
  if (t.includes('岁')) {
    for (const m of t.matchAll(ZH_I_AGE))
      push(m.index, m.index + m[0].length, Number(m[1]), 'number');
  }
  if (t.includes('歳')) {
    for (const m of t.matchAll(JA_AGE))
      push(m.index, m.index + m[0].length, Number(m[1]), 'number');
  }
  if (t.includes('年')) {
    for (const m of t.matchAll(JA_SCHOOL_YEAR)) {
      const year = Number(m[2].replace(/[１-３]/, (d) => String(d.charCodeAt(0) - 0xff10)));
      push(m.index, m.index + m[0].length, (m[1].startsWith('中') ? 11 : 14) + year, 'grade');
    }
  }
  if (/jk|jc|js|dk|dc/.test(t) && /[\u3040-\u30ff]|現役/.test(t)) {
    for (const m of t.matchAll(JA_SCHOOL_SLANG)) {
      const year = m[2]
        ? Number(m[2].replace(/[１-６]/, (d) => String(d.charCodeAt(0) - 0xff10)))
        : 1;
      push(m.index, m.index + m[0].length, Math.min(17, JA_SLANG_AGE[m[1]] + year - 1), 'grade');
    }
  }
  if (/[初高][一二三]/.test(t)) {
    for (const m of t.matchAll(ZH_GRADE)) {
      const before = clauseBefore(t, m.index, 12).replace(/\s+/g, '');
      const end = m.index + m[0].length;
      const selfBefore =
        /(?:我|我是|我现在|我今年|我才|我在读|我读|我上|上|读|在读|才|现在|今年)$/.test(before);
      // "初二的学生，作业好多" opening the turn; "高一的学生都很吵吗" is about others
      const studentAfter =
        /(?:学生|生|党)$/.test(m[0]) &&
        before === '' &&
        /^(?:\s*$|[，,。.!！~～、]|一枚|一个)/.test(t.slice(end, end + 3));
      if (!selfBefore && !studentAfter) continue;
      if (/^(?:的时候|时|那年|那时)/.test(t.slice(end, end + 4))) continue;
      push(m.index, end, (m[1] === '初' ? 11 : 14) + ZH_NUM[m[2]], 'grade');
    }
  }
  return out;
}
