import { DateOfBirthDetector } from './date-of-birth.detector';

const detector = new DateOfBirthDetector();
const found = (text: string): string[] =>
  detector.detect(text).map((h) => text.slice(h.start, h.end));

describe('pii.date_of_birth', () => {
  it.each([
    ['I was born on March 14, 2009', 'March 14, 2009', 2009],
    ['DOB: 03/14/2009', '03/14/2009', 2009],
    ['date of birth 1990-07-01', '1990-07-01', 1990],
    ['my birthday is 14th of March', '14th of March', undefined],
    ['생년월일 2009년 3월 14일', '2009년 3월 14일', 2009],
    ['생일은 5월 3일이야', '5월 3일', undefined],
    ['2008년 12월 1일에 태어났어', '2008년 12월 1일', 2008],
    ['생년월일: 950101', '950101', 1995],
    ['born 14/03/2009 in Seoul', '14/03/2009', 2009],
    ['생년월일 90.01.25', '90.01.25', 1990],
    ['DOB: 14.03.1990', '14.03.1990', 1990],
    ['my bday is 3/14/09', '3/14/09', 2009],
    ['2009.03.14생이야', '2009.03.14', 2009],
  ])('finds %s', (text, expected, year) => {
    const hits = detector.detect(text);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual([expected]);
    expect(hits[0].facts?.hasYear).toBe(year !== undefined);
    expect(hits[0].facts?.birthYear).toBe(year);
  });

  it.each([
    ['no birth cue', 'the meeting is on March 14, 2009'],
    ['just a year', 'I was born in 1998'],
    ['a Korean birth year only', '98년생이야'],
    ['a date next to 학생', '2024.03.04 학생 모임'],
    ['impossible date', 'born on 2009-02-30'],
    ['a birth cue without a date', 'happy birthday!!'],
    ['a date far from the cue', 'born ready. ' + 'x'.repeat(80) + ' 2009-03-14'],
  ])('ignores %s', (_why, text) => {
    expect(found(text)).toEqual([]);
  });
});
