import ReelModel

/// Cuts a list of flat items to a window of its own time, `[start, end)`.
///
///     content:   [clip A ----)[gap -)[clip B -------)
///     window:         [--------------------)              → [A'--)[gap -)[B'-)
///     window:  [--------)                                  (start < 0: a leading gap)
///
/// Clips cut by the window keep the part inside it (their media range moves accordingly). A
/// transition stays when its cut point lies inside the window, or at an untrimmed end of the
/// content (a fade from or to nothing); one cut by the window is dropped with a warning.
struct OTIOTrimmer {
    let log: OTIOLog
    let label: String

    func trim(_ items: [FlatItem], to window: TimeRange, length: RationalTime) throws -> [FlatItem] {
        if window.start == .zero && window.end == length { return items }
        var out: [FlatItem] = []
        if window.start.isNegative { out.append(.gap(min(try .zero - window.start, window.duration))) }
        let lo = max(window.start, .zero)
        var cursor = RationalTime.zero
        for item in items {
            let d = try item.duration()
            let range = try TimeRange(start: cursor, duration: d)
            cursor = range.end
            if case .transition(let t) = item {
                if keeps(t, at: range.start, window: window, length: length) { out.append(item) } else { dropped(t) }
                continue
            }
            guard let part = range.intersection(window) else { continue }
            out.append(try piece(item, offset: part.start - range.start, length: part.duration))
        }
        if window.end > length && window.end > .zero { out.append(.gap(try window.end - max(length, lo))) }
        return clean(out)
    }

    private func keeps(_ t: OTIOTransitionNode, at cut: RationalTime, window: TimeRange, length: RationalTime) -> Bool {
        if window.start < cut && cut < window.end { return true }
        if cut == .zero && window.start == .zero { return true }
        return cut == length && window.end == length
    }

    private func dropped(_ t: OTIOTransitionNode) {
        log.warn(t.path, "transition \"\(t.name)\" in \(label) is cut by a source_range trim; played as a cut")
    }

    private func piece(_ item: FlatItem, offset: RationalTime, length: RationalTime) throws -> FlatItem {
        switch item {
        case .clip(let c): return .clip(try c.part(from: offset, length: length))
        case .gap: return .gap(length)
        case .transition: return item
        }
    }

    /// Drops transitions left with no neighbour on either side of a removed stretch (two in a row).
    private func clean(_ items: [FlatItem]) -> [FlatItem] {
        var out: [FlatItem] = []
        for item in items {
            if case .transition = item, case .transition? = out.last { continue }
            out.append(item)
        }
        return out
    }
}

/// Flattens several layers top over bottom: at each instant the topmost clip wins, gaps are
/// transparent. Transitions inside the layers become cuts (reported).
struct OTIOStackFlattener {
    let log: OTIOLog

    func topOverBottom(_ layers: [[FlatItem]], label: String) throws -> [FlatItem] {
        var covered: [TimeRange] = []
        var pieces: [(TimeRange, FlatClip)] = []
        var length = RationalTime.zero
        for layer in layers.reversed() {
            var cursor = RationalTime.zero
            for item in layer {
                let d = try item.duration()
                if case .transition(let t) = item {
                    log.warn(t.path, "transition \"\(t.name)\" inside the nested stack \(label) is played as a cut")
                }
                if case .clip(let c) = item {
                    let range = try TimeRange(start: cursor, duration: d)
                    for free in try OTIOStandIns.subtract(covered, from: range) {
                        pieces.append((free, try c.part(from: free.start - range.start, length: free.duration)))
                    }
                    covered.append(range)
                }
                cursor = try cursor + d
            }
            length = max(length, cursor)
        }
        return try laidOut(pieces.sorted { $0.0.start < $1.0.start }, length: length)
    }

    func laidOut(_ pieces: [(TimeRange, FlatClip)], length: RationalTime) throws -> [FlatItem] {
        var out: [FlatItem] = []
        var cursor = RationalTime.zero
        for (range, clip) in pieces {
            if cursor < range.start { out.append(.gap(try range.start - cursor)) }
            out.append(.clip(clip))
            cursor = range.end
        }
        if cursor < length { out.append(.gap(try length - cursor)) }
        return out
    }
}
