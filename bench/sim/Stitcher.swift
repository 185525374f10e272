/// The two ways of assembling the output, applied to the completion time of every segment.
struct StitchTimeline {
    let model: FarmModel
    /// When each segment's completion reached the queue, by segment index.
    let doneAt: [Double]

    var lastDone: Double { doneAt.max() ?? 0 }

    /// Today's stitch: the whole output's audio encode and packet copy start after the last completion.
    var atEnd: Double {
        lastDone + (0..<doneAt.count).map(model.stitchCost).reduce(0, +) + model.finishCost
    }

    /// The rolling stitch: one serial stitcher takes segment `i` once it is done and segment `i − 1` is
    /// appended, so it both waits for the prefix (a slow segment holds it up) and queues behind its own work
    /// (segments finishing faster than it encodes). Returns the publication time and the stitcher's backlog at the
    /// last completion (its work still to do then, beyond the finish).
    var rolling: (published: Double, backlog: Double) {
        var free = 0.0
        for i in doneAt.indices { free = max(free, doneAt[i]) + model.stitchCost(i) }
        return (free + model.finishCost, max(0, free - lastDone))
    }
}
