import Testing
@testable import ReelModel

@Test func placeholderReelModel() { #expect(Bool(true)) }
