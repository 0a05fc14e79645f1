import { ghanaTimestamp } from '../api/format';

describe('ghanaTimestamp', () => {
  it("writes the spec's yyyy-MM-dd HH:mm:ss in Ghana time (GMT all year)", () => {
    expect(ghanaTimestamp(new Date('2026-03-12T23:59:07.900Z'))).toBe('2026-03-12 23:59:07');
    expect(ghanaTimestamp(new Date('2026-07-01T00:00:00Z'))).toBe('2026-07-01 00:00:00');
  });
});
