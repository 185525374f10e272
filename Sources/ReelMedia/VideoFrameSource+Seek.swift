internal import CFFmpeg

extension VideoFrameSource {
    /// How far ahead (in seconds) decoding forward is preferred when the demuxer has no index.
    static let forwardWindowSeconds: Int64 = 5

    /// Makes `current` the last frame with `pts ≤ limit` (or the first frame when none is).
    func position(at limit: Int64) throws(MediaError) {
        if let cur = currentPTS {
            if limit < cur {
                if currentIsFirst { return }
                return try seek(to: limit)
            }
            if let next = pendingPTS, next > limit { return }
            if ended && pendingPTS == nil { return }
            if worthSeeking(from: pendingPTS ?? cur, to: limit) { return try seek(to: limit) }
            return try decodeForward(to: limit)
        }
        let start = input.startTicks ?? 0
        if !ended && worthSeeking(from: start, to: limit) { return try seek(to: limit) }
        try decodeForward(to: limit)
    }

    /// Whether a keyframe lies after `position` and at or before `limit`, so seeking saves decoding.
    /// A complete index (MP4) answers exactly; otherwise targets more than
    /// `forwardWindowSeconds` ahead are sought too.
    func worthSeeking(from position: Int64, to limit: Int64) -> Bool {
        let keyframeAhead = input.indexedKeyframe(atOrBefore: limit).map { $0 > position } ?? false
        if input.hasCompleteIndex { return keyframeAhead }
        let window = Self.forwardWindowSeconds * input.clock.tbDen / max(input.clock.tbNum, 1)
        let (end, overflow) = position.addingReportingOverflow(window)
        return keyframeAhead || (!overflow && limit > end)
    }

    /// Decodes forward until the next frame would be past `limit`; the first frame of a run is
    /// always taken. At the end of the stream `current` stays the last frame.
    func decodeForward(to limit: Int64) throws(MediaError) {
        while true {
            if let next = pendingPTS {
                if currentPTS != nil && next > limit { return }
                currentIsFirst = currentPTS == nil && fromFileStart
                swap(&current, &pending)
                currentPTS = next
                pendingPTS = nil
                continue
            }
            if ended { return }
            if try !decodeNext() {
                ended = true
                return
            }
        }
    }

    /// Seeks to the keyframe at or before `limit`, then decodes forward to it. When the first frame
    /// decoded is already past `limit`, seeks further back (1 s, then 2 s, 4 s …) and retries.
    func seek(to limit: Int64) throws(MediaError) {
        let start = input.startTicks ?? 0
        var target = limit
        var step = max(input.clock.tbDen / max(input.clock.tbNum, 1), 1)
        while true {
            let atStart = target <= start
            try restart(at: target, fromFileStart: atStart)
            if try !decodeNext() {
                ended = true
                if atStart { return }
            } else if let first = pendingPTS, first <= limit || atStart {
                return try decodeForward(to: limit)
            }
            let (back, overflow) = min(target, pendingPTS ?? target).subtractingReportingOverflow(step)
            target = overflow ? .min : back           // past any start: the next try rewinds
            step = step > .max / 2 ? .max : step * 2
        }
    }

    /// Seeks the demuxer and forgets every decoded frame.
    private func restart(at target: Int64, fromFileStart: Bool) throws(MediaError) {
        if fromFileStart { try input.rewind() } else { try input.seek(to: target) }
        seekCount += 1
        currentPTS = nil
        pendingPTS = nil
        currentIsFirst = false
        ended = false
        self.fromFileStart = fromFileStart
    }
}
