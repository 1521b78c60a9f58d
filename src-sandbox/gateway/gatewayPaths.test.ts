import { describe, expect, it } from 'vitest';
import { matchGatewayPath, redactPath } from './gatewayPaths';

describe('matchGatewayPath', () => {
  it.each([
    ['/local/v3/KEY', { transport: 'http', key: 'KEY' }],
    ['/local/v3/KEY?x=1', { transport: 'http', key: 'KEY' }],
    ['/local/v3', { transport: 'http', key: undefined }],
    ['/local/v3/', { transport: 'http', key: undefined }],
    ['/local/v3/KEY/more', { transport: 'http', key: 'KEY/more' }],
    ['/local/ws/v3/KEY', { transport: 'ws', key: 'KEY' }],
    ['/local/ws/v3', { transport: 'ws', key: undefined }],
    ['/local/v3KEY', undefined],
    ['/other/v3/KEY', undefined],
    ['/v3/KEY/networks/1/suggestedGasFees', undefined],
    ['/api/v0/cat', undefined],
  ])('%s', (url, expected) => {
    expect(matchGatewayPath(url, 'local')).toEqual(expected);
  });
});

describe('redactPath', () => {
  it('never lets the key through', () => {
    expect(redactPath('/local/v3/secret-key?x=1')).toBe('/local/v3/<redacted>');
    expect(redactPath('/local/ws/v3/secret-key/extra')).toBe('/local/ws/v3/<redacted>');
  });
});
