import { BacktestRefusedError, backtestRequestFrom } from './rules-backtest.service';

describe(backtestRequestFrom.name, () => {
  it('defaults to the last 7 days of every mode', () => {
    expect(backtestRequestFrom({})).toEqual({ days: 7, mode: null });
    expect(backtestRequestFrom({ days: ' ', mode: '' })).toEqual({ days: 7, mode: null });
  });

  it('reads days from 1 to 90 and one mode', () => {
    expect(backtestRequestFrom({ days: '90', mode: 'live' })).toEqual({ days: 90, mode: 'live' });
    expect(backtestRequestFrom({ days: '1', mode: 'playground' })).toEqual({
      days: 1,
      mode: 'playground',
    });
  });

  it.each([{ days: '0' }, { days: '91' }, { days: '2.5' }, { days: '-3' }, { days: '7days' }])(
    'refuses days %p with a 400',
    (fields) => {
      expect(() => backtestRequestFrom(fields)).toThrow(BacktestRefusedError);
      expect(() => backtestRequestFrom(fields)).toThrow(
        'Days must be a whole number from 1 to 90.',
      );
    },
  );

  it('refuses an unknown mode', () => {
    expect(() => backtestRequestFrom({ mode: 'prod' })).toThrow(/Mode must be empty/);
  });
});
