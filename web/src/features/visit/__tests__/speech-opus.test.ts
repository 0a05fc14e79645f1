import { OPUS_MAX_BPS, OPUS_MAX_BPS_WITH_RED, OPUS_PTIME_MS, speechOpus } from '@/features/visit/peer';

/** The audio and video sections of a description as Chromium writes them (the lines that matter). */
const description = (audioExtra = '') =>
  [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    'm=audio 9 UDP/TLS/RTP/SAVPF 63 111',
    'a=rtpmap:63 red/48000/2',
    'a=fmtp:63 111/111',
    'a=rtpmap:111 opus/48000/2',
    'a=rtcp-fb:111 transport-cc',
    'a=fmtp:111 minptime=10;useinbandfec=1;maxaveragebitrate=64000',
    'a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time',
    'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
    ...(audioExtra ? [audioExtra] : []),
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 transport-cc',
    'a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time',
    'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
    '',
  ].join('\r\n');

describe("Opus tuned for speech on the other side's description", () => {
  it('when Chromium describes Opus under RED, then FEC, DTX, the lower bitrate cap and 60 ms packets are asked for in the audio section only', () => {
    const sdp = speechOpus(description());
    expect(sdp).toContain(
      `a=fmtp:111 useinbandfec=1;usedtx=1;maxaveragebitrate=${OPUS_MAX_BPS_WITH_RED};minptime=${OPUS_PTIME_MS}\r\na=ptime:${OPUS_PTIME_MS}\r\n`,
    );
    expect(sdp.match(/a=ptime:/g)).toHaveLength(1);
    expect(sdp.split('m=video')[1]).not.toContain('ptime');
    expect(sdp).toContain('a=fmtp:63 111/111\r\n');
  });

  it("when Chromium offers per-packet congestion feedback and send times, then the audio section drops both (no padding on the voice's stream) and the video's keeps them", () => {
    const [audio, video] = speechOpus(description()).split('m=video');
    expect(audio).not.toMatch(/transport-cc|transport-wide-cc|abs-send-time/);
    expect(audio).toContain('a=rtpmap:111 opus/48000/2\r\n');
    expect(video).toContain('a=rtcp-fb:96 transport-cc\r\n');
    expect(video).toContain('a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time\r\n');
    expect(video).toContain('a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01\r\n');
  });

  it('when the other side sends Opus first (no RED), then Opus may use the whole speech cap', () => {
    const sdp = speechOpus(description().replace('SAVPF 63 111', 'SAVPF 111 63'));
    expect(sdp).toContain(`maxaveragebitrate=${OPUS_MAX_BPS};`);
  });

  it('when the description already gives a packet length, then it is replaced, not repeated', () => {
    const sdp = speechOpus(description('a=ptime:20'));
    expect(sdp.match(/a=ptime:\d+/g)).toEqual([`a=ptime:${OPUS_PTIME_MS}`]);
  });

  it('when there is no Opus, then the description is left as it is', () => {
    const plain = description().replace(/opus/g, 'PCMU');
    expect(speechOpus(plain)).toBe(plain);
  });
});
