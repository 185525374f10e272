import Foundation

/// Audio clips for the sample-source tests.
extension MediaFixtures {
    /// 6 s of stereo AAC at `rate` in M4A (longer than one 4 s decoding block); left and right
    /// carry different tones.
    static func tones(rate: Int) throws -> String {
        try file("tones-\(rate).m4a",
                 ["-f", "lavfi", "-i",
                  "aevalsrc=0.5*sin(440*2*PI*t)+0.2*sin(3001*2*PI*t)|0.4*sin(660*2*PI*t):s=\(rate):d=6",
                  "-c:a", "aac", "-b:a", "128k"])
    }

    /// 10 s of 16-bit stereo PCM at 48 kHz in WAV: three 4 s decoding blocks.
    static func longPCMWAV() throws -> String {
        try file("tones-48000-10s.wav", ["-f", "lavfi", "-i",
                                         "aevalsrc=0.5*sin(440*2*PI*t)*(1+t/10)/2|0.3*sin(1000*2*PI*t):s=48000:d=10",
                                         "-c:a", "pcm_s16le"])
    }

    /// 1 s of 16-bit stereo PCM at 48 kHz in WAV.
    static func pcmWAV() throws -> String {
        try file("tones-48000.wav", ["-f", "lavfi", "-i", "aevalsrc=0.5*sin(440*2*PI*t)|0.3*sin(1000*2*PI*t):s=48000:d=1",
                                     "-c:a", "pcm_s16le"])
    }

    /// ffmpeg's own decode of `path` to interleaved 32-bit float at `rate` with `channels` channels.
    static func decodedByFFmpeg(_ path: String, rate: Int, channels: Int) throws -> [Float] {
        let data = try run(ffmpegPath, ["-v", "error", "-nostdin", "-i", path, "-ar", "\(rate)", "-ac", "\(channels)",
                                        "-f", "f32le", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// MPEG-TS: the luma-coded video (frame n at n/25 s) with mono 48 kHz AAC that is silent until
    /// exactly 1 s, then a 440 Hz tone. ffmpeg starts the TS audio 1024 priming samples before the video.
    static func lumaCodedWithOnsetTS() throws -> String {
        try file("luma-onset.ts", ["-f", "lavfi", "-i", "color=c=black:s=64x48:r=25:d=2.4",
                                   "-f", "lavfi", "-i", "aevalsrc='if(gte(t,1),0.5*sin(2*PI*440*t),0)':s=48000:d=2.4",
                                   "-vf", "geq=lum='16+3*N':cb=128:cr=128", "-c:v", "libx264", "-preset", "ultrafast",
                                   "-g", "12", "-bf", "3", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts"])
    }
}
