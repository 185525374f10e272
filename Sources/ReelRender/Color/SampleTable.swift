/// The samples of one lookup table, allocated once and read through a raw pointer by the per-pixel loops
/// (an array's accessors would be re-checked on every read).
///
/// `@unchecked Sendable`: the memory is written only in `init` and freed only in `deinit`, so every thread
/// that holds the table reads immutable samples.
final class SampleTable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Float>
    let count: Int

    init(_ values: [Float]) {
        count = values.count
        pointer = .allocate(capacity: values.count)
        pointer.initialize(from: values, count: values.count)
    }

    deinit { pointer.deallocate() }

    var base: UnsafePointer<Float> { UnsafePointer(pointer) }
}
