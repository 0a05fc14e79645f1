import {
  WEAK_LINK_KBPS,
  WEAK_LINK_LOSS_PERCENT,
  describeQuality,
  qualityBetween,
  sampleOf,
  watchAudio,
  watchWeakLink,
  type AudioHealth,
  type AudioWatch,
  type StatsSample,
  type WeakLinkWatch,
} from '@/features/visit/quality';

/** A getStats() report as Chromium gives it (the fields read, with the ids that link them). */
function report({
  rtt = 0.05,
  estimate = 1_200_000,
  bytesSent = 0,
  bytesReceived = 0,
  received = 0,
  lost = 0,
}: {
  rtt?: number;
  estimate?: number;
  bytesSent?: number;
  bytesReceived?: number;
  received?: number;
  lost?: number;
}) {
  return new Map<string, Record<string, unknown> & { type: string; id: string }>([
    ['T01', { id: 'T01', type: 'transport', selectedCandidatePairId: 'CP1' }],
    [
      'CP1',
      {
        id: 'CP1',
        type: 'candidate-pair',
        state: 'succeeded',
        nominated: true,
        currentRoundTripTime: rtt,
        availableOutgoingBitrate: estimate,
      },
    ],
    ['CP2', { id: 'CP2', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 9, availableOutgoingBitrate: 1 }],
    ['OA', { id: 'OA', type: 'outbound-rtp', kind: 'audio', bytesSent: bytesSent * 0.1, packetsSent: 7 }],
    ['OV', { id: 'OV', type: 'outbound-rtp', kind: 'video', bytesSent: bytesSent * 0.9, packetsSent: 30 }],
    ['RA', { id: 'RA', type: 'remote-inbound-rtp', kind: 'audio', packetsLost: 1 }],
    ['RV', { id: 'RV', type: 'remote-inbound-rtp', kind: 'video', packetsLost: 5 }],
    [
      'IA',
      {
        id: 'IA',
        type: 'inbound-rtp',
        kind: 'audio',
        bytesReceived: bytesReceived / 2,
        packetsReceived: received / 2,
        packetsLost: lost / 2,
      },
    ],
    [
      'IV',
      {
        id: 'IV',
        type: 'inbound-rtp',
        kind: 'video',
        bytesReceived: bytesReceived / 2,
        packetsReceived: received / 2,
        packetsLost: lost / 2,
      },
    ],
  ]);
}

describe('a stats sample', () => {
  it('when read from a report, then it takes the selected pair and sums every stream', () => {
    const sample = sampleOf(
      report({ rtt: 0.123, estimate: 800_000, bytesSent: 5000, bytesReceived: 8000, received: 100, lost: 4 }),
      1000,
    );
    expect(sample).toEqual({
      at: 1000,
      rttMs: 123,
      outgoingEstimateBps: 800_000,
      bytesSent: 5000,
      bytesReceived: 8000,
      packetsReceived: 100,
      packetsLost: 4,
      packetsSent: 37,
      sentPacketsLost: 6,
      audioPacketsSent: 7,
      audioPacketsReceived: 50,
    });
  });

  it('when the transport names no pair (an older browser), then the nominated, succeeded pair is used', () => {
    const entries = [...report({ rtt: 0.2 }).values()].filter((e) => e.type !== 'transport');
    expect(sampleOf(entries, 0).rttMs).toBe(200);
  });

  it('when there is no pair yet, then the round trip comes from the remote reports', () => {
    const entries = [
      { id: 'R1', type: 'remote-inbound-rtp', roundTripTime: 0.08 },
      { id: 'R2', type: 'remote-inbound-rtp', roundTripTime: 0.31 },
    ];
    const sample = sampleOf(entries, 0);
    expect(sample.rttMs).toBe(310);
    expect(sample.outgoingEstimateBps).toBeUndefined();
  });
});

const at = (seconds: number, change: Partial<StatsSample> = {}): StatsSample => ({
  at: seconds * 1000,
  rttMs: 40,
  outgoingEstimateBps: 1_500_000,
  bytesSent: 0,
  bytesReceived: 0,
  packetsReceived: 0,
  packetsLost: 0,
  packetsSent: 0,
  sentPacketsLost: 0,
  audioPacketsSent: 0,
  audioPacketsReceived: 0,
  ...change,
});

describe('the quality label', () => {
  it('when delay is short, nothing is lost and the estimate is high, then it is Good with the figures', () => {
    const q = qualityBetween(at(0), at(2, { bytesSent: 250_000, bytesReceived: 125_000, packetsReceived: 400 }), true);
    expect(q).toEqual({ label: 'Good', rttMs: 40, lossPercent: 0, sendKbps: 1000, receiveKbps: 500, estimateKbps: 1500 });
    expect(describeQuality(q)).toBe('Connection good: delay 40 ms, 0% lost, sending 1500 kbit/s');
  });

  it('when 3% of packets are lost over the interval, then it is Fair', () => {
    const q = qualityBetween(
      at(0, { packetsReceived: 1000, packetsLost: 50 }),
      at(2, { packetsReceived: 1097, packetsLost: 53 }),
      true,
    );
    expect(q.lossPercent).toBe(3);
    expect(q.label).toBe('Fair');
  });

  it('when the delay is 800 ms, then it is Poor', () => {
    expect(qualityBetween(at(0), at(2, { rttMs: 800 }), false).label).toBe('Poor');
  });

  it('when the estimate is too low for video, then it counts only while video is sent', () => {
    const weak = at(2, { outgoingEstimateBps: 100_000 });
    expect(qualityBetween(at(0), weak, true).label).toBe('Poor');
    expect(qualityBetween(at(0), weak, false).label).toBe('Good');
    expect(qualityBetween(at(0), at(2, { outgoingEstimateBps: 200_000 }), true).label).toBe('Fair');
  });

  it('when counters go back (a new connection after a reload), then no negative figure is shown', () => {
    const q = qualityBetween(at(0, { bytesSent: 9_000_000, packetsLost: 40 }), at(2, { bytesSent: 1000, packetsLost: 0 }), true);
    expect(q.sendKbps).toBe(0);
    expect(q.lossPercent).toBe(0);
  });
});

describe('the weak-link watch', () => {
  const feed = (samples: StatsSample[]) => {
    let watch: WeakLinkWatch = {};
    return samples.map((s) => {
      const result = watchWeakLink(watch, s);
      watch = result.watch;
      return result.weak;
    });
  };
  const low = (seconds: number) => at(seconds, { outgoingEstimateBps: (WEAK_LINK_KBPS - 30) * 1000 });
  const high = (seconds: number) => at(seconds, { outgoingEstimateBps: (WEAK_LINK_KBPS + 30) * 1000 });

  it('when the estimate stays below 150 kbit/s for 10 s, then the link is weak at the tenth second, not before', () => {
    expect(feed([low(0), low(2), low(4), low(6), low(8), low(9.9), low(10)])).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('when the estimate probes upwards once or twice in between, then those samples do not put the weak link off', () => {
    expect(feed([low(0), low(2), low(4), high(6), low(8), low(10)])).toEqual([false, false, false, false, false, true]);
    expect(feed([low(0), high(2), low(4), low(6), high(8), low(10)])).toEqual([false, false, false, false, false, true]);
  });

  it('when the estimate recovers for 6 s, then the link is not weak until the low estimates again hold two thirds of 10 s', () => {
    expect(feed([low(0), low(2), low(4), high(6), high(8), high(10), low(12), low(14), low(16), low(18)])).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('when the estimate stays above 150 kbit/s but for a lone dip, then the link is never called weak', () => {
    expect(feed([high(0), high(2), low(4), high(6), high(8), high(10), high(12)])).toEqual(Array(7).fill(false));
  });

  /** A sample with a high estimate, `sent` packets sent so far and `lost` of them reported lost. */
  const sending = (seconds: number, sent: number, lost: number) =>
    at(seconds, { outgoingEstimateBps: (WEAK_LINK_KBPS + 30) * 1000, packetsSent: sent, sentPacketsLost: lost });

  it('when the estimate stays high but the other side reports 10% or more of what is sent as lost for 10 s, then the link is weak at the tenth second', () => {
    // 100 packets every 2 s; a third of them lost, as on the 120 kbit/s relay with video on.
    const lossy = [0, 2, 4, 6, 8, 10].map((s, i) => sending(s, i * 100, i * 33));
    expect(feed(lossy)).toEqual([false, false, false, false, false, true]);
    const atThreshold = [0, 2, 4, 6, 8, 10].map((s, i) => sending(s, i * 100, i * WEAK_LINK_LOSS_PERCENT));
    expect(feed(atThreshold).at(-1)).toBe(true);
  });

  it('when less than 10% is lost, or the loss lasts one report, then the link is not called weak', () => {
    const light = [0, 2, 4, 6, 8, 10, 12].map((s, i) => sending(s, i * 100, i * (WEAK_LINK_LOSS_PERCENT - 1)));
    expect(feed(light)).toEqual(Array(7).fill(false));
    // 60 lost in one report (a burst), nothing before or after.
    const burst = [0, 2, 4, 6, 8, 10, 12].map((s, i) => sending(s, i * 100, i >= 3 ? 60 : 0));
    expect(feed(burst)).toEqual(Array(7).fill(false));
  });

  it('when the browser gives no estimate, then the link is never called weak', () => {
    expect(feed([0, 5, 10, 15].map((s) => at(s, { outgoingEstimateBps: undefined })))).toEqual([false, false, false, false]);
  });
});

describe('the audio watch', () => {
  /** Samples every 2 s, each with the audio packets sent and received so far. */
  const feed = (counts: [sent: number, received: number][], microphoneLive = true) => {
    let watch: AudioWatch = {};
    return counts.map(([sent, received], i): AudioHealth => {
      const result = watchAudio(watch, at(i * 2, { audioPacketsSent: sent, audioPacketsReceived: received }), {
        microphoneLive,
      });
      watch = result.watch;
      return result.health;
    });
  };
  const ok = { sending: true, receiving: true };

  it('when packets leave and arrive, then both directions are well', () => {
    expect(
      feed([
        [0, 0],
        [100, 100],
        [200, 200],
        [300, 300],
      ]),
    ).toEqual([ok, ok, ok, ok]);
  });

  it('when this side’s packets stop for 4 s though the connection is up, then the other side cannot hear', () => {
    expect(
      feed([
        [100, 100],
        [200, 200],
        [200, 300],
        [200, 400],
      ]).map((h) => h.sending),
    ).toEqual([true, true, true, false]);
  });

  it('when the other side’s packets stop for 4 s, then this side cannot hear', () => {
    expect(
      feed([
        [100, 100],
        [200, 200],
        [300, 200],
        [400, 200],
      ]).map((h) => h.receiving),
    ).toEqual([true, true, true, false]);
  });

  it('when the microphone has ended, then the other side cannot hear at once', () => {
    expect(feed([[100, 100]], false)).toEqual([{ sending: false, receiving: true }]);
  });

  it('when a few packets come in silence (DTX), then the sound still counts as flowing', () => {
    expect(
      feed([
        [0, 0],
        [5, 5],
        [10, 10],
        [15, 15],
      ]),
    ).toEqual([ok, ok, ok, ok]);
  });
});
