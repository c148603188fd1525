import LocationSources
import Testing

@Suite("BackoffPolicy")
struct BackoffPolicyTests {
    @Test("doubles from 0.5 s to a cap of 8 s and starts over after a reset")
    func doublesAndCaps() {
        var policy = BackoffPolicy()
        #expect((0..<7).map { _ in policy.nextDelay() } == [0.5, 1, 2, 4, 8, 8, 8])
        #expect(policy.attempts == 7)
        policy.reset()
        #expect(policy.nextDelay() == 0.5)
    }

    @Test("nonsense settings are clamped: factor at least 1, maximum at least the first delay")
    func clamps() {
        var policy = BackoffPolicy(initial: 2, factor: 0.5, maximum: 1)
        #expect(policy.nextDelay() == 2)
        #expect(policy.nextDelay() == 2)
    }
}
