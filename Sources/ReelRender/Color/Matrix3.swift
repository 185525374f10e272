/// A 3×3 matrix in `Double`, row-major: the linear-light gamut conversions and the Y′CbCr matrices are
/// worked out once in these, then handed to the per-pixel loop as `Float`.
struct Matrix3: Sendable, Equatable {
    var m: [Double]

    static let identity = Matrix3(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    subscript(row: Int, column: Int) -> Double { m[row * 3 + column] }

    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(m: (0..<9).map { i in (0..<3).reduce(0) { $0 + a[i / 3, $1] * b[$1, i % 3] } })
    }

    /// The inverse (the matrices here are well conditioned: primaries of real displays).
    var inverse: Matrix3 {
        let c0 = self[1, 1] * self[2, 2] - self[1, 2] * self[2, 1]
        let c1 = self[1, 2] * self[2, 0] - self[1, 0] * self[2, 2]
        let c2 = self[1, 0] * self[2, 1] - self[1, 1] * self[2, 0]
        let det = self[0, 0] * c0 + self[0, 1] * c1 + self[0, 2] * c2
        let adj: [Double] = [
            c0, self[0, 2] * self[2, 1] - self[0, 1] * self[2, 2], self[0, 1] * self[1, 2] - self[0, 2] * self[1, 1],
            c1, self[0, 0] * self[2, 2] - self[0, 2] * self[2, 0], self[0, 2] * self[1, 0] - self[0, 0] * self[1, 2],
            c2, self[0, 1] * self[2, 0] - self[0, 0] * self[2, 1], self[0, 0] * self[1, 1] - self[0, 1] * self[1, 0],
        ]
        return Matrix3(m: adj.map { $0 / det })
    }
}
