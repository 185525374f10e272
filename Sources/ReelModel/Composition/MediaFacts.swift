/// What probing an asset found, as plain values. ReelMedia fills it with libavformat;
/// validation and planning read it. No floating point: durations and rates are exact.
public struct MediaFacts: Sendable, Hashable {
    public struct Video: Sendable, Hashable {
        public var codec: String
        public var width: Int
        public var height: Int
        /// Clockwise rotation in degrees from the display matrix (0, 90, 180, 270).
        public var rotation: Int
        /// The average frame rate, when the stream declares one.
        public var frameRate: FrameRate?
        public var duration: RationalTime
        /// Keyframe times in media time, when listed (empty when not probed).
        public var keyframes: [RationalTime]
        /// True for a still image (a PNG or JPEG file): one picture, no time of its own.
        public var isStill: Bool
        /// FFmpeg's name of the stored pixel format (`yuv420p10le`), nil when the stream does not say.
        public var pixelFormat: String?
        /// Bits per stored sample (8 when the stream does not say).
        public var bitDepth: Int
        /// The colour tags as the stream carries them (what `reel probe` reports as read).
        public var colorTags: ColorTags
        /// The colour Reel reads the picture in: the tags, the untagged rule for what they leave out
        /// (`ColorDescription.assumed`), or a Dolby Vision stream's base layer.
        public var color: ColorDescription
        /// Mastering display and content light level, from the stream's side data or its first frame's.
        public var hdr: HDRMetadata?
        /// The Dolby Vision configuration record, when the stream has one.
        public var dolbyVision: DolbyVision?
        /// The stream's bits per second, as the container or the codec states it (nil when neither does). Only an
        /// estimate of what its pictures cost to decode and encode (`reel render`'s balancing of a short job).
        public var bitRate: Int64?

        /// - Parameter color: nil for what `colorTags` and the untagged rule give for this size and pixel format.
        public init(codec: String, width: Int, height: Int, rotation: Int = 0, frameRate: FrameRate?,
                    duration: RationalTime, keyframes: [RationalTime] = [], isStill: Bool = false,
                    pixelFormat: String? = nil, bitDepth: Int = 8, colorTags: ColorTags = ColorTags(),
                    color: ColorDescription? = nil, hdr: HDRMetadata? = nil, dolbyVision: DolbyVision? = nil) {
            self.codec = codec
            self.width = width
            self.height = height
            self.rotation = rotation
            self.frameRate = frameRate
            self.duration = duration
            self.keyframes = keyframes
            self.isStill = isStill
            self.pixelFormat = pixelFormat
            self.bitDepth = bitDepth
            self.colorTags = colorTags
            self.color = color ?? .assumed(width: width, height: height, pixelFormat: pixelFormat, tags: colorTags)
            self.hdr = hdr
            self.dolbyVision = dolbyVision
        }

        /// True when the picture is exactly today's working format: 8-bit BT.709 SDR, limited range.
        public var isBT709SDR8Bit: Bool { bitDepth == 8 && color.isBT709SDR }
    }

    public struct Audio: Sendable, Hashable {
        public var codec: String
        public var sampleRate: Int32
        public var channels: Int
        public var duration: RationalTime

        public init(codec: String, sampleRate: Int32, channels: Int, duration: RationalTime) {
            self.codec = codec
            self.sampleRate = sampleRate
            self.channels = channels
            self.duration = duration
        }
    }

    public var path: String
    /// The container's duration: the longest stream.
    public var duration: RationalTime
    public var video: Video?
    public var audio: Audio?
    /// Identity of the file's content for content hashes: size and modification time (ns).
    public var fileSize: Int64
    public var modificationTime: Int64
    /// The file that was probed, as this process opened it (nil when not probed from a file). Not in
    /// `fingerprint`: it differs between hosts that share the file.
    public var fileID: FileID?

    public init(path: String, duration: RationalTime, video: Video?, audio: Audio?, fileSize: Int64,
                modificationTime: Int64, fileID: FileID? = nil) {
        self.path = path
        self.duration = duration
        self.video = video
        self.audio = audio
        self.fileSize = fileSize
        self.modificationTime = modificationTime
        self.fileID = fileID
    }

    /// A short string that changes whenever the file's content may have changed.
    public var fingerprint: String { FileID.fingerprint(path: path, size: fileSize, modificationTime: modificationTime) }
}
