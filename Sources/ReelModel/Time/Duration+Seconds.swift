extension Duration {
    /// Seconds as a floating-point measurement, for display and for timers (fps, ETA, intervals); never for media
    /// time, which is exact (`RationalTime`).
    public var secondsDouble: Double {
        let (s, a) = components
        return Double(s) + Double(a) / 1e18
    }
}
