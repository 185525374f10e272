import Testing
@testable import ReelPlan

@Test func placeholderReelPlan() { #expect(Bool(true)) }
