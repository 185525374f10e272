/// An 8-bit planar YUV 4:2:0 picture (BT.709, limited range), the compositor's working format.
///
/// Planes are tightly packed: the luma plane is `width × height`, each chroma plane is
/// `((width + 1) / 2) × ((height + 1) / 2)`. Plain Swift arrays, so frames are `Sendable` values
/// that cross threads freely; FFmpeg's `AVFrame` never leaves ReelMedia.
public struct PlanarFrame: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var y: [UInt8]
    public var u: [UInt8]
    public var v: [UInt8]

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    /// A frame filled with one colour; the default is video black (Y 16, U/V 128).
    public init(width: Int, height: Int, y: UInt8 = 16, u: UInt8 = 128, v: UInt8 = 128) {
        self.width = width
        self.height = height
        self.y = [UInt8](repeating: y, count: width * height)
        self.u = [UInt8](repeating: u, count: ((width + 1) / 2) * ((height + 1) / 2))
        self.v = [UInt8](repeating: v, count: ((width + 1) / 2) * ((height + 1) / 2))
    }

    public init(width: Int, height: Int, y: [UInt8], u: [UInt8], v: [UInt8]) {
        precondition(y.count == width * height && u.count == ((width + 1) / 2) * ((height + 1) / 2)
                     && v.count == u.count, "plane sizes do not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.y = y
        self.u = u
        self.v = v
    }
}

/// Planar float audio at the output sample rate: `samples[channel][i]`, nominal range −1…1.
public struct AudioBuffer: Sendable, Hashable {
    public let sampleRate: Int32
    public var samples: [[Float]]

    public var channelCount: Int { samples.count }
    public var frameCount: Int { samples.first?.count ?? 0 }

    /// Silence.
    public init(sampleRate: Int32, channels: Int, frames: Int) {
        self.sampleRate = sampleRate
        self.samples = [[Float]](repeating: [Float](repeating: 0, count: frames), count: channels)
    }

    public init(sampleRate: Int32, samples: [[Float]]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }
}

/// An 8-bit RGBA picture, non-premultiplied, rows tightly packed (`width * 4` bytes a row).
/// Decoded title images and thumbnails travel as this.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
