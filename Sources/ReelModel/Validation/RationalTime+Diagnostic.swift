extension RationalTime {
    /// Seconds for diagnostics, rounded to 4 places and always with at least one decimal:
    /// "6.0 s", "7.5 s", "0.0334 s".
    var diagnosticText: String {
        var text = rational.roundedDecimal(places: 4)
        if !text.contains(".") { text += ".0" }
        return text + " s"
    }
}
