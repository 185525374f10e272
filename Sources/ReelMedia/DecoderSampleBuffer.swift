/// Planar float samples on an absolute sample grid: sample `start + i` of channel `c` is
/// `planes[c][i]`. Grows as frames are written, forgets what lies before a trim point. Samples
/// outside `[start, end)` read as silence.
final class DecoderSampleBuffer {
    let channels: Int
    private(set) var planes: [UnsafeMutablePointer<Float>]
    private var capacity: Int
    private(set) var start: Int64 = 0
    private(set) var count = 0
    var end: Int64 { start + Int64(count) }

    init(channels: Int, capacity: Int = 8192) {
        self.channels = channels
        self.capacity = capacity
        planes = (0..<channels).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: capacity) }
    }

    deinit { planes.forEach { $0.deallocate() } }

    /// Samples outside this range are never stored (see `reset(at:keeping:)`).
    private(set) var keep: Range<Int64> = Int64.min..<Int64.max

    /// Forgets every sample; the buffer restarts empty at `index`.
    /// - Parameter keeping: when given, only samples in this range are stored from now on. A decoder
    ///   filling one block keeps just that block, so a file whose timestamps jump by hours costs a
    ///   block of silence, not hours of it; memory stays bounded by the range, whatever the file says.
    func reset(at index: Int64, keeping: Range<Int64>? = nil) {
        start = index
        count = 0
        if let keeping { keep = keeping }
    }

    /// Writes `n` samples per channel from `source` at absolute index `index`. A gap after the
    /// current end is filled with silence; samples before `start` or outside `keep` are dropped;
    /// overlapping samples are overwritten (the later frame wins).
    func write(_ source: [UnsafePointer<Float>], count n: Int, at index: Int64) {
        let (sum, overflow) = index.addingReportingOverflow(Int64(n))
        let lo = max(index, keep.lowerBound), hi = min(overflow ? Int64.max : sum, keep.upperBound)
        guard lo < hi else { return }
        if count == 0 { start = lo }
        guard start < hi else { return }
        let at = max(lo, start)
        let skip = Int(at - index), offset = Int(at - start), total = Int(hi - at)
        reserve(offset + total)
        if offset > count {
            for p in planes { (p + count).update(repeating: 0, count: offset - count) }
        }
        for c in 0..<channels {
            (planes[c] + offset).update(from: source[c] + skip, count: total)
        }
        count = max(count, offset + total)
    }

    /// Copies samples `range` into `target` (one pointer per channel, from `target[c] + at`),
    /// with silence where the buffer holds nothing.
    func copy(_ range: Range<Int64>, into target: [UnsafeMutablePointer<Float>], at: Int = 0) {
        let lo = max(range.lowerBound, start), hi = min(range.upperBound, end)
        for c in 0..<channels {
            let dst = target[c] + at
            guard lo < hi else {
                dst.update(repeating: 0, count: range.count)
                continue
            }
            let head = Int(lo - range.lowerBound), body = Int(hi - lo), tail = Int(range.upperBound - hi)
            dst.update(repeating: 0, count: head)
            (dst + head).update(from: planes[c] + Int(lo - start), count: body)
            (dst + head + body).update(repeating: 0, count: tail)
        }
    }

    /// Forgets the samples before `index`.
    func trim(before index: Int64) {
        guard index > start else { return }
        let drop = Int(min(index - start, Int64(count)))
        for p in planes { p.update(from: p + drop, count: count - drop) }
        count -= drop
        start += Int64(drop)
        if count == 0 { start = index }
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2)
        planes = planes.map { old in
            let new = UnsafeMutablePointer<Float>.allocate(capacity: grown)
            new.update(from: old, count: count)
            old.deallocate()
            return new
        }
        capacity = grown
    }
}

extension DecoderSampleBuffer {
    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var a = a.magnitude, b = b.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        return Int64(max(a, 1))
    }
}
