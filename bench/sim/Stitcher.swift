/// The two ways of assembling the output, applied to the completion time of every segment.
struct StitchTimeline {
    let model: FarmModel
    /// When each segment's completion reached the queue, by segment index.
    let doneAt: [Double]

    var lastDone: Double { doneAt.max() ?? 0 }

    /// Today's stitch: the whole output's audio encode and packet copy start after the last completion.
    var atEnd: Double {
        var audio = 0.0
        if model.audioThreads > 1 {   // every chunk at once after the last part, on the threads
            let chunks = (model.outputSeconds / model.audioChunkSeconds).rounded(.up)
            audio = (model.outputSeconds + chunks * model.audioRollSeconds) / model.stitchSpeed
                / min(Double(model.audioThreads), chunks)
        }
        return lastDone + (0..<doneAt.count).map(model.stitchCost).reduce(0, +) + audio + model.finishCost
    }

    /// The rolling stitch: one serial stitcher takes segment `i` once it is done and segment `i − 1` is
    /// appended, so it both waits for the prefix (a slow segment holds it up) and queues behind its own work
    /// (segments finishing faster than it encodes). Returns the publication time and the stitcher's backlog at the
    /// last completion (its work still to do then, beyond the finish).
    var rolling: (published: Double, backlog: Double) {
        var free = 0.0
        var appended: [Double] = []
        for i in doneAt.indices {
            free = max(free, doneAt[i]) + model.stitchCost(i)
            appended.append(free)
        }
        guard model.audioThreads > 1 else { return (free + model.finishCost, max(0, free - lastDone)) }
        let audioDone = chunkedAudio(appended: appended)
        return (max(free, audioDone) + model.finishCost, max(0, max(free, audioDone) - lastDone))
    }

    /// When the chunked audio encode (`FarmModel.audioThreads`) ends: chunk `c` starts once the prefix appended
    /// covers its end and post-roll (the last chunk: once the last part is appended) and one of the threads is
    /// free, and costs its length plus the roll at `stitchSpeed`.
    func chunkedAudio(appended: [Double]) -> Double {
        let total = model.outputSeconds, chunk = model.audioChunkSeconds
        func prefixReady(_ t: Double) -> Double {   // when the appended prefix reaches output time t
            var end = 0.0
            for (i, at) in appended.enumerated() {
                end += model.segmentLength(i)
                if end >= min(t, total) - 1e-9 { return at }
            }
            return appended.last ?? 0
        }
        var threads = [Double](repeating: 0, count: model.audioThreads)
        var start = 0.0, done = 0.0
        while start < total - 1e-9 {
            let last = start + chunk + model.audioRollSeconds >= total
            let length = last ? total - start : chunk
            let ready = prefixReady(last ? total : start + chunk + model.audioRollSeconds)
            let t = threads.indices.min { threads[$0] < threads[$1] }!
            threads[t] = max(threads[t], ready) + (length + model.audioRollSeconds) / model.stitchSpeed
            done = max(done, threads[t])
            start += length
        }
        return done
    }
}
