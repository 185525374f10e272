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

        public init(codec: String, width: Int, height: Int, rotation: Int = 0, frameRate: FrameRate?,
                    duration: RationalTime, keyframes: [RationalTime] = [], isStill: Bool = false) {
            self.codec = codec
            self.width = width
            self.height = height
            self.rotation = rotation
            self.frameRate = frameRate
            self.duration = duration
            self.keyframes = keyframes
            self.isStill = isStill
        }
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
