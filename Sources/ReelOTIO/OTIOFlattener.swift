import ReelModel

/// Turns nested OTIO items into flat tracks of clips, gaps and transitions.
///
/// - Children of a track are laid end to end; a transition takes no time.
/// - A clip plays its `source_range`, or else its media's `available_range`.
/// - A nested track or stack is an item of its parent: its content is laid at the item's position,
///   trimmed to the item's `source_range` (content time) and played through its time effects.
///   A nested stack with several tracks is flattened top over bottom (gaps transparent), as
///   OTIO's `flatten_stack` does; transitions inside such a stack become cuts (a warning says so).
/// - `LinearTimeWarp` scales content time by `time_scalar`; `FreezeFrame` holds the first frame.
/// - A disabled item is a gap of its length; a disabled track is empty.
struct OTIOFlattener {
    let log: OTIOLog

    /// A top-level track: its children, trimmed by its own `source_range` and effects.
    func track(_ info: OTIOItemInfo, children: [OTIONode], label: String) throws -> [FlatItem] {
        guard info.enabled else { return [] }
        let content = try items(children, label: label)
        return try applying(info, to: content, label: label)
    }

    /// Children laid end to end; nested items expanded.
    func items(_ children: [OTIONode], label: String) throws -> [FlatItem] {
        var out: [FlatItem] = []
        for (i, child) in children.enumerated() {
            let childLabel = label.contains(" item ") ? "\(label).\(i)" : "\(label) item \(i)"
            out += try item(child, label: childLabel)
        }
        return out
    }

    func item(_ node: OTIONode, label: String) throws -> [FlatItem] {
        switch node {
        case .clip(let info, let ref):
            return try clip(info, ref, label: label)
        case .gap(let info):
            return [.gap(info.sourceRange?.duration ?? .zero)]
        case .transition(let t):
            return [.transition(t)]
        case .track(let info, _, let children):
            guard info.enabled else { return [.gap(try disabledLength(info, children: children, label: label))] }
            return try applying(info, to: try items(children, label: label), label: label)
        case .stack(let info, let children):
            guard info.enabled else { return [.gap(try disabledLength(info, children: children, label: label))] }
            return try applying(info, to: try stackContent(children, label: label), label: label)
        }
    }

    func clip(_ info: OTIOItemInfo, _ ref: OTIOReference, label: String) throws -> [FlatItem] {
        let named = info.name.isEmpty ? label : "\(label) \"\(info.name)\""
        guard let range = info.sourceRange ?? ref.available else {
            log.error(info.path, "\(named) has neither a source_range nor a media available_range, so its length is unknown")
            return []
        }
        guard info.enabled else { return [.gap(range.duration)] }
        var c = FlatClip(info: info, reference: ref, label: named, source: range)
        for effect in info.effects {
            switch effect {
            case .freeze: c.freeze = true
            case .timeWarp(let k) where !c.freeze:
                c.speed = try c.speed * k
                c.source = try TimeRange(start: range.start, duration: range.duration * c.speed)
            case .timeWarp: break
            }
        }
        return [.clip(c)]
    }

    /// A stack inside a track: one list per child, combined top over bottom when there are several.
    func stackContent(_ children: [OTIONode], label: String) throws -> [FlatItem] {
        var layers: [[FlatItem]] = []
        for (i, child) in children.enumerated() {
            let childLabel = "\(label).\(i)"
            if case .track(let info, _, let grandChildren) = child {
                guard info.enabled else { continue }
                layers.append(try applying(info, to: try items(grandChildren, label: childLabel), label: childLabel))
            } else {
                layers.append(try item(child, label: childLabel))
            }
        }
        guard layers.count > 1 else { return layers.first ?? [] }
        return try OTIOStackFlattener(log: log).topOverBottom(layers, label: label)
    }

    func disabledLength(_ info: OTIOItemInfo, children: [OTIONode], label: String) throws -> RationalTime {
        if let range = info.sourceRange { return range.duration }
        return try items(children, label: label).totalDuration()
    }
}

/// Windows and time effects.
extension OTIOFlattener {
    /// The item's content seen through its `source_range` (content time) and time effects; the
    /// result lasts `source_range.duration` (or the content's length when there is no range).
    func applying(_ info: OTIOItemInfo, to content: [FlatItem], label: String) throws -> [FlatItem] {
        let length = try content.totalDuration()
        let window = try info.sourceRange ?? TimeRange(start: .zero, duration: length)
        var scale = Rational.one, freeze = false
        for effect in info.effects {
            switch effect {
            case .freeze: freeze = true
            case .timeWarp(let k): scale = try scale * k
            }
        }
        if freeze {
            return try frozen(content, at: window.start, for: window.duration, label: label)
        }
        let contentWindow = try TimeRange(start: window.start, duration: window.duration * scale)
        if length > .zero, !contentWindow.isEmpty, !contentWindow.overlaps(try TimeRange(start: .zero, duration: length)) {
            log.error(OTIOPath.member(info.path, "source_range"), "\(label): its source_range (frames "
                      + "\(log.frames(contentWindow.start)) to \(log.frames(contentWindow.end)) \(log.rateText)) lies wholly "
                      + "outside its content (frames 0 to \(log.frames(length))), so nothing would be shown; a negative "
                      + "start is often an EDL record-in written as a trim (OpenTimelineIO issues #346, #1385)")
        }
        let trimmed = try OTIOTrimmer(log: log, label: label).trim(content, to: contentWindow, length: length)
        return scale == .one ? trimmed : try trimmed.map { try warped($0, by: scale) }
    }

    /// Content time advances `k` per timeline second: every length divides by `k`.
    func warped(_ item: FlatItem, by k: Rational) throws -> FlatItem {
        switch item {
        case .clip(var c):
            if !c.freeze { c.speed = try c.speed * k } else { c.source = try TimeRange(start: c.source.start, duration: c.source.duration / k) }
            return .clip(c)
        case .gap(let d): return .gap(try d / k)
        case .transition(var t):
            t.inOffset = try t.inOffset / k
            t.outOffset = try t.outOffset / k
            return .transition(t)
        }
    }

    /// FreezeFrame on a nested item: the content at `t` held for `length` (a gap when nothing is there).
    func frozen(_ content: [FlatItem], at t: RationalTime, for length: RationalTime, label: String) throws -> [FlatItem] {
        var cursor = RationalTime.zero
        for item in content {
            let d = try item.duration()
            if case .clip(let c) = item, cursor <= t, t < (try cursor + d) {
                var held = try c.part(from: t - cursor, length: .zero)
                held.freeze = true
                held.source = try TimeRange(start: held.source.start, duration: length)
                return [.clip(held)]
            }
            cursor = try cursor + d
        }
        return [.gap(length)]
    }
}
