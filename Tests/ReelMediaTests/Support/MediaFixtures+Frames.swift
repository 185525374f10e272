import ReelMedia

extension MediaFixtures {
    /// A limited-range frame whose left half is BT.709 red (Y 63, U 102, V 240) and whose right half is `right`
    /// (white is Y 235, U 128, V 128; BT.709 blue is Y 32, U 240, V 118): two flat colours with one sharp edge.
    static func redLeft(width: Int, height: Int, right: (y: UInt8, u: UInt8, v: UInt8)) -> PlanarFrame {
        var frame = PlanarFrame(width: width, height: height, y: right.y, u: right.u, v: right.v)
        for y in 0..<height { for x in 0..<width / 2 { frame.y[y * width + x] = 63 } }
        for y in 0..<frame.chromaHeight {
            for x in 0..<frame.chromaWidth / 2 {
                frame.u[y * frame.chromaWidth + x] = 102
                frame.v[y * frame.chromaWidth + x] = 240
            }
        }
        return frame
    }
}
