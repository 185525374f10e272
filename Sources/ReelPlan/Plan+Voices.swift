import ReelModel

extension Plan {
    /// Every audio source: clips' own audio (with crossfades over their transitions), then
    /// voice-overs and music (with automation and ducking; loops repeat their source range).
    /// Muted (`audioEnabled == false`) and frozen clips contribute nothing.
    static func voices(_ composition: Composition, clips: [PlacedClip], transitions: [PlacedTransition],
                       duration: RationalTime) throws -> [AudioVoice] {
        var out: [AudioVoice] = []
        for (i, c) in clips.enumerated() where c.clip.audioEnabled && !c.clip.freeze && !c.extended.isEmpty {
            let fade = try Envelope.crossfade(over: c.extended, fadeIn: c.transitionIn.map { transitions[$0].range },
                                              fadeOut: c.transitionOut.map { transitions[$0].range })
            out.append(AudioVoice(source: .clip(i), asset: c.clip.asset, active: c.extended,
                                  mediaStart: try c.mediaTime(at: c.extended.start), speed: c.clip.speed,
                                  gain: c.clip.volume, envelopes: fade.map { [$0] } ?? [], loopPeriod: nil,
                                  route: c.clip.route))
        }
        for (i, item) in composition.audioItems.enumerated() {
            let active = try activeRange(of: item, duration: duration)
            guard !active.isEmpty else { continue }
            var envelopes = try Envelope.automation(item.automation, over: active).map { [$0] } ?? []
            if let d = item.ducking, let e = try Envelope.ducking(
                d, triggers: try duckingTriggers(d, composition, clips: clips, duration: duration), over: active) {
                envelopes.append(e)
            }
            out.append(AudioVoice(source: .audioItem(i, repetition: 0), asset: item.asset, active: active,
                                  mediaStart: item.sourceRange.start, speed: .one, gain: item.volume,
                                  envelopes: envelopes,
                                  loopPeriod: item.loop ? item.sourceRange.duration : nil, route: item.route))
        }
        return out
    }
}
