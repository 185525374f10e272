import Testing
@testable import ReelQueue

@Test func placeholderReelQueue() { #expect(Bool(true)) }
