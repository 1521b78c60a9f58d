import { describe, expect, it } from 'vitest';
import { gasSettingsProblems, type GasSettingsDraft } from './gasSettingsProblems';

describe('gasSettingsProblems', () => {
  it.each<[string, GasSettingsDraft, ReturnType<typeof gasSettingsProblems>]>([
    ['the defaults', { poll: '10', keep: '30' }, {}],
    ['both bounds, with spaces around', { poll: ' 2 ', keep: '366' }, {}],
    ['the other bounds', { poll: '3600', keep: '1' }, {}],
    ['a poll below its bound', { poll: '1', keep: '30' }, { poll: 'The poll interval in seconds is from 2 to 3,600.' }],
    ['a poll past its bound', { poll: '3601', keep: '30' }, { poll: 'The poll interval in seconds is from 2 to 3,600.' }],
    ['a poll with a fraction', { poll: '2.5', keep: '30' }, { poll: 'The poll interval in seconds is a whole number.' }],
    ['an empty poll', { poll: '', keep: '30' }, { poll: 'The poll interval in seconds is a whole number.' }],
    ['no days', { poll: '10', keep: '0' }, { keep: 'The days samples are kept is from 1 to 366.' }],
    ['negative days', { poll: '10', keep: '-1' }, { keep: 'The days samples are kept is a whole number.' }],
    ['both wrong', { poll: 'x', keep: '400' }, { poll: 'The poll interval in seconds is a whole number.', keep: 'The days samples are kept is from 1 to 366.' }],
  ])('%s', (_, draft, problems) => {
    expect(gasSettingsProblems(draft)).toEqual(problems);
  });
});
