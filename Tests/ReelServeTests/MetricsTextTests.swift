import Foundation
import ReelQueue
import ReelServe
import Testing

/// The text format writer: numbers, escaping, names, histograms.
@Suite struct MetricsTextTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (-3, "-3"), (1_000_000, "1000000"), (123_456_789_012, "123456789012"),
        (0.05, "0.05"), (2.5, "2.5"), (1e-5, "1e-05"), (1e20, "1e+20"),
        (Double.infinity, "+Inf"), (-Double.infinity, "-Inf"), (Double.nan, "NaN"),
    ])
    func numbers(value: Double, text: String) {
        #expect(PrometheusText.number(value) == text)
    }

    @Test func labelValuesEscapeBackslashQuoteAndLineFeedOnly() {
        #expect(PrometheusText.escapeLabelValue(#"a"b\c"# + "\nd\té🎬") == #"a\"b\\c\nd"# + "\té🎬")
        #expect(PrometheusText.escapeLabelValue(#"\n"#) == #"\\n"#)   // a literal backslash-n stays two characters
    }

    @Test func helpEscapesBackslashAndLineFeedButNotQuotes() {
        #expect(PrometheusText.escapeHelp("say \"hi\"\\\nnext") == #"say "hi"\\\nnext"#)
    }

    @Test func badNamesAreWrittenAsValidOnes() {
        let text = PrometheusText.render([
            .gauge("9bad-name.x", "h", [([MetricLabel("__res", "v"), MetricLabel("a-b", "w"), MetricLabel("0x", "z")], 1)]),
        ])
        #expect(text.contains(#"_9bad_name_x{_res="v",a_b="w",_0x="z"} 1"#))
        #expect(text.contains("# TYPE _9bad_name_x gauge\n"))
    }

    @Test func aSecondFamilyOfOneNameIsLeftOutWithAComment() {
        let text = PrometheusText.render([.gauge("g", "first", 1), .counter("g", "second", 2)])
        #expect(text.components(separatedBy: "# TYPE g").count == 2)
        #expect(text.contains("# reel: left out a second family named g\n"))
        #expect(!text.contains("g 2"))
    }

    @Test func aRepeatedLabelNameKeepsItsFirstValue() {
        let text = PrometheusText.render([.gauge("g", "h", [([MetricLabel("a", "1"), MetricLabel("a", "2")], 1)])])
        #expect(text.contains(#"g{a="1"} 1"#))
    }

    @Test func histogramBucketsAreCumulativeAndEndWithTheCount() throws {
        let h = MetricsFixture.makeHistogram([0.03125, 0.25, 0.25, 7, 5000])
        let text = PrometheusText.render([.histogram("x_seconds", "h", [([MetricLabel("k", "v")], HistogramSeries(h))])])
        let lines = MetricsLine.parse(text)
        let buckets = lines.filter { $0.name == "x_seconds_bucket" }
        #expect(buckets.count == QueueHistogram.defaultBounds.count + 1)
        let counts = buckets.compactMap { Double($0.value) }
        #expect(counts == counts.sorted())
        #expect(buckets.first?.labels == #"k="v",le="0.05""#)
        #expect(buckets.last?.labels == #"k="v",le="+Inf""#)
        #expect(counts.last == 5)
        #expect(lines.first { $0.name == "x_seconds_count" }?.value == "5")
        #expect(lines.first { $0.name == "x_seconds_sum" }?.value == "5007.53125")
        // 0.03125 ≤ 0.05; 0.25 twice more by 0.25; 7 by 10; 5000 only in +Inf.
        #expect(buckets.map(\.value) == ["1", "1", "3", "3", "3", "3", "3", "4", "4", "4", "4", "4", "4", "4", "5"])
    }

    @Test func anInconsistentHistogramIsMadeMonotone() {
        let bad = QueueHistogram(upperBounds: [1, .nan, 0.5, 2, .infinity, 3], cumulativeCounts: [5, 9, 9, 3, 9, 4],
                                 count: 2, sum: 1)
        let h = HistogramSeries(bad)
        #expect(h.upperBounds == [1, 2, 3])
        #expect(h.cumulativeCounts == [5, 5, 5])
        #expect(h.count == 5)
        let text = PrometheusText.render([.histogram("y_seconds", "h", [([MetricLabel("le", "user")], h)])])
        #expect(text.contains(#"y_seconds_bucket{le="+Inf"} 5"#))
        #expect(!text.contains("user"))
    }

    @Test func mismatchedBoundsAndCountsDoNotTrap() {
        let h = HistogramSeries(QueueHistogram(upperBounds: [1, 2, 3], cumulativeCounts: [1], count: 1, sum: 0.5))
        #expect(h.upperBounds == [1])
        #expect(HistogramSeries(QueueHistogram(upperBounds: [], cumulativeCounts: [], count: 0, sum: 0)).count == 0)
    }
}
