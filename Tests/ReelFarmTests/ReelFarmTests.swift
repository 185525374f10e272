import Testing
@testable import ReelFarm

@Test func placeholderReelFarm() { #expect(Bool(true)) }
